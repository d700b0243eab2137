import type { CustomWork, CustomWorkQuoteBody } from '@market/contracts';
import { makeZip } from '@market/sample-archives';
import { DAY_MS } from '../platform/clock.js';
import { createApprovedProduct, multipart } from './factories.js';
import { confirmCard, postPurchaseDetail } from './commerce.js';
import type { FakeStripe } from './fake-stripe.js';
import { createUser, injectAs, type TestContext, type TestUser } from './helper.js';
import { sendJson } from './reskin-chat.js';

/** A seller's approved product, and a buyer who asked for a reskin of it in the chat: where a quote goes. */
export async function reskinAsked(ctx: TestContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Studio Seller' });
  const buyer = await createUser(ctx, { name: 'Reskin Buyer' });
  const product = await createApprovedProduct(ctx, seller, admin, { reskinPrice: '300' });
  const asked = await sendJson(ctx, buyer, { productId: product._id, message: 'Yes' });
  if (asked.statusCode >= 300) throw new Error(`Reskin request refused: ${asked.body}`);
  return { admin, seller, buyer, product };
}

/** POST /api/custom-work as `by`: a quote due in 14 days unless the body says otherwise. */
export function sendQuote(
  ctx: TestContext,
  by: TestUser,
  quote: Partial<CustomWorkQuoteBody> & Pick<CustomWorkQuoteBody, 'buyerId' | 'productId'>,
) {
  return injectAs(ctx, by, {
    method: 'POST',
    url: '/api/custom-work',
    payload: {
      scopeHtml: '<p>New art for every level, and a new title screen.</p>',
      priceCents: 30_000,
      dueAt: new Date(ctx.clock.now().getTime() + 14 * DAY_MS).toISOString(),
      ...quote,
    },
  });
}

export async function quoted(ctx: TestContext, by: TestUser, quote: Parameters<typeof sendQuote>[2]): Promise<CustomWork> {
  const response = await sendQuote(ctx, by, quote);
  if (response.statusCode !== 201) throw new Error(`Quote refused: ${response.statusCode} ${response.body}`);
  return response.json() as CustomWork;
}

/** POST /api/custom-work/{id}/{step} as `by`, with an optional JSON body. */
export function step(ctx: TestContext, by: TestUser, id: string, name: string, payload?: Record<string, unknown>) {
  return injectAs(ctx, by, { method: 'POST', url: `/api/custom-work/${id}/${name}`, ...(payload ? { payload } : {}) });
}

export async function stepped(
  ctx: TestContext,
  by: TestUser,
  id: string,
  name: string,
  payload?: Record<string, unknown>,
): Promise<CustomWork> {
  const response = await step(ctx, by, id, name, payload);
  if (response.statusCode !== 200) throw new Error(`${name} refused: ${response.statusCode} ${response.body}`);
  return response.json() as CustomWork;
}

async function milestoneIntent(ctx: TestContext, buyer: TestUser, id: string) {
  const intent = await injectAs(ctx, buyer, {
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    payload: { customWorkId: id, currency: 'usd' },
  });
  if (intent.statusCode !== 200) throw new Error(`Intent refused: ${intent.statusCode} ${intent.body}`);
  return intent.json() as { clientSecret: string; paymentIntentId: string };
}

async function recordFunding(ctx: TestContext, buyer: TestUser, paymentIntentId: string) {
  const recorded = await postPurchaseDetail(ctx, buyer, paymentIntentId);
  if (recorded.statusCode !== 201 && recorded.statusCode !== 200) throw new Error(`Payment not recorded: ${recorded.body}`);
  return paymentIntentId;
}

/** The buyer pays the current milestone through the checkout, as the page does: intent, card, record. */
export async function fund(ctx: TestContext, buyer: TestUser, id: string) {
  const { clientSecret, paymentIntentId } = await milestoneIntent(ctx, buyer, id);
  const confirmed = await confirmCard(ctx, buyer, clientSecret);
  if (confirmed.statusCode !== 200) throw new Error(`Card refused: ${confirmed.body}`);
  return recordFunding(ctx, buyer, paymentIntentId);
}

/** As `fund`, with the card that succeeds at the fake Stripe: the charge lands in Stripe's balance transactions too. */
export async function fundThroughStripe(ctx: TestContext, stripe: FakeStripe, buyer: TestUser, id: string) {
  const { paymentIntentId } = await milestoneIntent(ctx, buyer, id);
  await stripe.payWithCard(paymentIntentId);
  return recordFunding(ctx, buyer, paymentIntentId);
}

/** A delivery archive: the tiny product's files, one changed and one added. */
export const deliveryZip = (round = 1) =>
  makeZip([
    { name: 'README.md', content: `# Demo game, reskinned (round ${round})\n` },
    { name: 'src/main.js', content: 'console.log("play")\n' },
    { name: 'src/theme.js', content: `export const theme = "winter-${round}";\n` },
  ]);

export async function deliver(ctx: TestContext, seller: TestUser, id: string, note = 'New art, as agreed', bytes = deliveryZip()) {
  const { payload, headers } = await multipart({ note, sourceCode: { bytes, name: 'delivery.zip', type: 'application/zip' } });
  return injectAs(ctx, seller, { method: 'POST', url: `/api/custom-work/${id}/deliver`, payload, headers });
}

export async function read(ctx: TestContext, user: TestUser, id: string): Promise<CustomWork> {
  const response = await injectAs(ctx, user, { method: 'GET', url: `/api/custom-work/${id}` });
  if (response.statusCode !== 200) throw new Error(`Read refused: ${response.statusCode} ${response.body}`);
  return response.json() as CustomWork;
}
