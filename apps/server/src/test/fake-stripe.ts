import { createFakeStripe } from '@market/fake-stripe';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export type { FakeAccount, FakeEvent, FakeIntent, FakeRefund, FakeTransfer, RecordedRequest } from '@market/fake-stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_marketplace';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake_marketplace';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_marketplace';

/** The fake Stripe API (packages/fake-stripe) on a free port, closed when the test ends. */
export async function startFakeStripe({ connectWebhookSecret }: { connectWebhookSecret?: string } = {}) {
  const fake = createFakeStripe({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY,
    // Signed as the server verifies (STRIPE_WEBHOOK_SECRET below); posted nowhere until a test sets `fake.webhook.url`.
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    // Connected accounts' events signed apart, as a Connect endpoint of its own is (STRIPE_CONNECT_WEBHOOK_SECRET).
    connectWebhookSecret: connectWebhookSecret ?? null,
  });
  const { server, intents, requests, refunds } = fake;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The whole fake: Connect's accounts and transfers, its events and their webhooks, and its test controls. */
    fake,
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
    /** Stripe.js confirming the one card that succeeds, over HTTP as the page does: the charge also lands in the platform's balance transactions. */
    async payWithCard(id: string) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/payment_intents/${id}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_secret: intents.get(id)!.client_secret,
          'payment_method_data[card][number]': '4242424242424242',
        }),
      });
      if (response.status !== 200) throw new Error(`The fake Stripe refused the card: ${await response.text()}`);
    },
    /** A refund made in Stripe's dashboard, over its API: Stripe's records and balance move, ours wait for the webhook. */
    async refundThroughStripe(id: string, cents: number) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_intent: id, amount: String(cents) }),
      });
      if (response.status !== 200) throw new Error(`The fake Stripe refused the refund: ${await response.text()}`);
      return (await response.json()) as { id: string };
    },
    env(): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
        ...(connectWebhookSecret ? { STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret } : {}),
      };
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
