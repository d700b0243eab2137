import { createFakeStripe } from '@market/fake-stripe';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export type { FakeIntent, FakeRefund, RecordedRequest } from '@market/fake-stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_marketplace';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake_marketplace';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_marketplace';

/** The fake Stripe API (packages/fake-stripe) on a free port, closed when the test ends. */
export async function startFakeStripe() {
  const { server, intents, requests, refunds } = createFakeStripe({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    /** A refund made by hand in Stripe's dashboard: Stripe's records move, nothing of ours is asked. */
    refundInDashboard(id: string, cents: number) {
      const intent = intents.get(id)!;
      intent.amount_refunded = (intent.amount_refunded ?? 0) + cents;
    },
    /** What Stripe.js confirming the card in the browser does to the intent. */
    succeed(id: string) {
      intents.get(id)!.status = 'succeeded';
    },
    env(): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
      };
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
