import type { CustomWork } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.js';
import { deliver, fund, quoted, read, reskinAsked, sendQuote, step, stepped } from '../../test/custom-work.js';
import { multipart, pngImage } from '../../test/factories.js';
import { buildTestApp, buildTwoTestApps, createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { escrowAccount } from '../ledger/index.js';

const statementOf = async (ctx: TestContext, user: Parameters<typeof injectAs>[1]) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/user/statement' })).json() as {
    entries: Array<{ kind: string; amountCents: number }>;
  };

const escrowOf = (ctx: TestContext, id: string) => ctx.services.ledger.balanceOf(escrowAccount(id));

describe('custom work in escrow', () => {
  it('goes from a quote in the chat to the seller’s statement: paid into escrow, delivered twice, accepted, released', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product } = await reskinAsked(ctx);
    const work = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id, priceCents: 30_000 });
    expect(work).toMatchObject({ status: 'quoted', role: 'seller', priceCents: 30_000, actions: ['cancel'] });
    expect((await read(ctx, buyer, work._id)).actions).toEqual(['accept', 'cancel']);

    await stepped(ctx, buyer, work._id, 'accept');
    await fund(ctx, buyer, work._id);
    expect(await read(ctx, buyer, work._id)).toMatchObject({ status: 'funded', escrowCents: 30_000 });
    expect(await escrowOf(ctx, work._id)).toBe(30_000);

    expect((await deliver(ctx, seller, work._id)).statusCode).toBe(201);
    await stepped(ctx, buyer, work._id, 'request-changes', { note: 'The title screen is still the old one' });
    expect((await deliver(ctx, seller, work._id, 'Title screen too')).statusCode).toBe(201);
    await ctx.services.customWork.analyseWaiting();

    const delivered = await read(ctx, buyer, work._id);
    expect(delivered).toMatchObject({ status: 'delivered', revisionsUsed: 1 });
    expect(delivered.deliveries).toHaveLength(2);
    expect(delivered.deliveries[1]!.diff).toMatchObject({ added: ['src/theme.js'], changed: ['README.md'], removed: [], unchanged: 1 });
    expect(delivered.deliveries[1]!.analysis?.languages.map((language) => language.name)).toContain('JavaScript');

    const released = await stepped(ctx, buyer, work._id, 'accept-delivery');
    expect(released).toMatchObject({ status: 'released', escrowCents: 0 });
    expect(await escrowOf(ctx, work._id)).toBe(0);
    // The statement names the product the work was for; a quoted price has no list price nor discount.
    expect((await statementOf(ctx, seller)).entries).toContainEqual(
      expect.objectContaining({ kind: 'custom_work', amountCents: 30_000, productId: product._id, listCents: null, discountCents: null }),
    );
    expect(await ctx.services.ledger.check()).toMatchObject({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('lets an admin split a dispute 60/40: the seller’s statement and the buyer’s refund show it', async () => {
    const ctx = await buildTestApp();
    const { admin, seller, buyer, product } = await reskinAsked(ctx);
    const work = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id, priceCents: 10_001 });
    await stepped(ctx, buyer, work._id, 'accept');
    const intentId = await fund(ctx, buyer, work._id);
    await deliver(ctx, seller, work._id);
    const disputed = await stepped(ctx, buyer, work._id, 'dispute', { reason: 'Half the levels still have the old art' });
    expect(disputed).toMatchObject({ status: 'disputed', autoReleaseAt: null, dispute: { openedBy: 'buyer' } });
    expect((await step(ctx, seller, work._id, 'resolve', { outcome: 'release', note: 'Delivered as quoted' })).statusCode).toBe(403);

    const resolved = await stepped(ctx, admin, work._id, 'resolve', { outcome: 'split', sellerPercent: 60, note: 'Half delivered' });
    expect(resolved).toMatchObject({
      status: 'resolved',
      escrowCents: 0,
      resolution: { outcome: 'split', sellerCents: 6_000, buyerCents: 4_001 },
    });
    expect((await statementOf(ctx, seller)).entries).toContainEqual(expect.objectContaining({ kind: 'custom_work', amountCents: 6_000 }));
    await ctx.services.customWork.makeOwedRefunds();
    expect(await ctx.services.payments.refundedCentsOf(intentId)).toBe(4_001);
    // Made once: a second round finds nothing owed.
    expect(await ctx.services.customWork.makeOwedRefunds()).toBe(0);
    expect(await ctx.services.payments.refundedCentsOf(intentId)).toBe(4_001);
  });

  it('refuses a quote from anyone but the product’s seller or an admin, or to a buyer who never asked', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product, admin } = await reskinAsked(ctx);
    const stranger = await createUser(ctx);
    expect((await sendQuote(ctx, stranger, { buyerId: buyer._id, productId: product._id })).statusCode).toBe(403);
    expect((await sendQuote(ctx, seller, { buyerId: stranger._id, productId: product._id })).json()).toMatchObject({
      message: 'A quote answers a reskin request: this buyer has not asked for one on this product',
    });
    const past = await sendQuote(ctx, seller, {
      buyerId: buyer._id,
      productId: product._id,
      dueAt: new Date(ctx.clock.now().getTime() - DAY_MS).toISOString(),
    });
    expect(past.json()).toMatchObject({ message: 'The delivery date must be in the future' });
    const uneven = await sendQuote(ctx, seller, {
      buyerId: buyer._id,
      productId: product._id,
      priceCents: 10_000,
      milestones: [{ title: 'Art', amountCents: 5_000 }],
    });
    expect(uneven.statusCode).toBe(400);
    expect((await sendQuote(ctx, admin, { buyerId: buyer._id, productId: product._id })).statusCode).toBe(201);
    const requests = (await injectAs(ctx, seller, { method: 'GET', url: '/api/custom-work/requests' })).json();
    expect(requests).toMatchObject([{ buyer: { _id: buyer._id, name: 'Reskin Buyer' }, product: { _id: product._id } }]);
    expect((await injectAs(ctx, stranger, { method: 'GET', url: '/api/custom-work/requests' })).json()).toEqual([]);
  });

  it('shows an order to its buyer, its seller and the admins only, and lets only the buyer pay it', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product, admin } = await reskinAsked(ctx);
    const stranger = await createUser(ctx);
    const work = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id });
    expect((await injectAs(ctx, stranger, { method: 'GET', url: `/api/custom-work/${work._id}` })).statusCode).toBe(404);
    expect((await read(ctx, admin, work._id)).role).toBe('admin');
    await stepped(ctx, buyer, work._id, 'accept');
    const sellerPays = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      payload: { customWorkId: work._id, currency: 'usd' },
    });
    expect(sellerPays.statusCode).toBe(403);
    const wrongAmount = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      payload: { customWorkId: work._id, currency: 'usd', amount: 1 },
    });
    expect(wrongAmount.json()).toMatchObject({ message: 'The amount does not match the milestone: it is $300.00' });
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/custom-work/mine' })).json()).toHaveLength(1);
    // A milestone's funding is no licence: the buyer's purchases stay empty.
    await fund(ctx, buyer, work._id);
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json()).toEqual([]);
  });

  it('funds and releases milestones one at a time', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product } = await reskinAsked(ctx);
    const work = await quoted(ctx, seller, {
      buyerId: buyer._id,
      productId: product._id,
      priceCents: 20_000,
      milestones: [
        { title: 'Art', amountCents: 12_000 },
        { title: 'Sounds', amountCents: 8_000 },
      ],
    });
    await stepped(ctx, buyer, work._id, 'accept');
    await fund(ctx, buyer, work._id);
    expect(await escrowOf(ctx, work._id)).toBe(12_000);
    await deliver(ctx, seller, work._id);
    const first = await stepped(ctx, buyer, work._id, 'accept-delivery');
    expect(first).toMatchObject({ status: 'accepted', current: 1, milestones: [{ status: 'released' }, { status: 'waiting' }] });
    await fund(ctx, buyer, work._id);
    expect(await escrowOf(ctx, work._id)).toBe(8_000);
    await deliver(ctx, seller, work._id);
    expect(await stepped(ctx, buyer, work._id, 'accept-delivery')).toMatchObject({ status: 'released', escrowCents: 0 });
    expect(await ctx.services.ledger.balanceOf(`seller:${seller._id}`)).toBe(20_000);
  });

  it('lets the buyer cancel funded work only once the delivery is 3 days overdue, and refunds it', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product } = await reskinAsked(ctx);
    const work = await quoted(ctx, seller, {
      buyerId: buyer._id,
      productId: product._id,
      dueAt: new Date(ctx.clock.now().getTime() + 2 * DAY_MS).toISOString(),
    });
    await stepped(ctx, buyer, work._id, 'accept');
    const intentId = await fund(ctx, buyer, work._id);
    const early = await step(ctx, buyer, work._id, 'cancel');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'A funded order can be cancelled only 3 days after its delivery date passes without a delivery',
    });
    ctx.clock.advance(5 * DAY_MS + 1);
    expect((await step(ctx, seller, work._id, 'cancel')).statusCode).toBe(403);
    expect(await stepped(ctx, buyer, work._id, 'cancel')).toMatchObject({ status: 'cancelled', escrowCents: 0 });
    await ctx.services.customWork.makeOwedRefunds();
    expect(await ctx.services.payments.refundedCentsOf(intentId)).toBe(30_000);
  });

  it('releases an unanswered delivery exactly once at its time, with two instances running the clock, after reminders at 3 days and 1 day', async () => {
    const [first, second] = await buildTwoTestApps();
    const { seller, buyer, product } = await reskinAsked(first);
    const work = await quoted(first, seller, { buyerId: buyer._id, productId: product._id });
    await stepped(first, buyer, work._id, 'accept');
    await fund(first, buyer, work._id);
    await deliver(first, seller, work._id);
    const releaseAt = Date.parse((await read(first, buyer, work._id)).autoReleaseAt!);
    expect(releaseAt - first.clock.now().getTime()).toBe(7 * DAY_MS);

    const both = (run: (ctx: TestContext) => Promise<number>) => Promise.all([run(first), run(second)]);
    const at = (ms: number) => [first, second].forEach((ctx) => ctx.clock.set(new Date(ms)));

    at(releaseAt - 3 * DAY_MS + 1);
    expect((await both((ctx) => ctx.services.customWork.remindDue())).reduce((a, b) => a + b)).toBe(1);
    expect((await both((ctx) => ctx.services.customWork.remindDue())).reduce((a, b) => a + b)).toBe(0);
    at(releaseAt - DAY_MS + 1);
    expect((await both((ctx) => ctx.services.customWork.remindDue())).reduce((a, b) => a + b)).toBe(1);

    at(releaseAt - 1);
    expect((await both((ctx) => ctx.services.customWork.releaseDue())).reduce((a, b) => a + b)).toBe(0);
    at(releaseAt);
    expect((await both((ctx) => ctx.services.customWork.releaseDue())).reduce((a, b) => a + b)).toBe(1);
    expect((await both((ctx) => ctx.services.customWork.releaseDue())).reduce((a, b) => a + b)).toBe(0);

    const done = await read(first, seller, work._id);
    expect(done).toMatchObject({ status: 'released', escrowCents: 0 });
    expect(done.events.map((event) => event.what)).toContain('Released the milestone automatically');
    expect(await first.services.ledger.balanceOf(`seller:${seller._id}`)).toBe(30_000);
    const notices = (await injectAs(first, buyer, { method: 'GET', url: '/api/notification/mine' })).json() as {
      notifications: Array<{ title: string }>;
    };
    expect(notices.notifications.map((notice) => notice.title)).toEqual(
      expect.arrayContaining([expect.stringContaining('released in 3 days'), expect.stringContaining('released tomorrow')]),
    );
  });

  it('refuses a delivery that is no ZIP, and keeps the order funded', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product } = await reskinAsked(ctx);
    const work: CustomWork = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id });
    expect((await deliver(ctx, seller, work._id)).statusCode).toBe(409);
    await stepped(ctx, buyer, work._id, 'accept');
    await fund(ctx, buyer, work._id);
    expect((await deliver(ctx, buyer, work._id)).statusCode).toBe(403);
    const notZip = await deliver(ctx, seller, work._id, 'oops', Buffer.from('not a zip at all'));
    expect(notZip.statusCode).toBe(400);
    expect(await read(ctx, buyer, work._id)).toMatchObject({ status: 'funded', deliveries: [] });
  });

  it('gathers evidence from both sides and the admin while disputed, each file for them alone, and none before or after', async () => {
    const ctx = await buildTestApp();
    const { admin, seller, buyer, product } = await reskinAsked(ctx);
    const stranger = await createUser(ctx);
    const work = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id });
    await stepped(ctx, buyer, work._id, 'accept');
    await fund(ctx, buyer, work._id);
    await deliver(ctx, seller, work._id);
    const screenshot = await pngImage(80, 50);
    const addEvidence = async (by: TestUser, message: string, file?: Buffer) => {
      const { payload, headers } = await multipart({
        message,
        ...(file ? { fileUpload: { bytes: file, name: 'old title screen.png', type: 'image/png' } } : {}),
      });
      return injectAs(ctx, by, { method: 'POST', url: `/api/custom-work/${work._id}/evidence`, payload, headers });
    };
    expect((await addEvidence(buyer, 'Too early')).json()).toMatchObject({ message: 'Evidence is added while the order is disputed' });

    await stepped(ctx, buyer, work._id, 'dispute', { reason: 'The title screen is still the old one' });
    expect((await addEvidence(buyer, 'The title screen, as delivered', screenshot)).statusCode).toBe(201);
    ctx.clock.advance(60_000);
    const answer = await injectAs(ctx, seller, {
      method: 'POST',
      url: `/api/custom-work/${work._id}/evidence`,
      payload: { message: 'The new title screen is in assets/title.png' },
    });
    expect(answer.statusCode).toBe(201);
    expect((await addEvidence(stranger, 'Me too')).statusCode).toBe(404);
    expect((await addEvidence(buyer, 'A script', Buffer.from('#!/bin/sh\nrm -rf /\n'))).statusCode).toBe(400);
    expect((await addEvidence(buyer, '   ')).json()).toMatchObject({ message: 'Say what the evidence shows' });

    const seen = await read(ctx, admin, work._id);
    expect(seen.mayAddEvidence).toBe(true);
    expect(seen.evidence).toMatchObject([
      {
        by: 'buyer',
        author: 'Reskin Buyer',
        message: 'The title screen, as delivered',
        file: { name: 'old title screen.png', contentType: 'image/png' },
      },
      { by: 'seller', author: 'Studio Seller', message: 'The new title screen is in assets/title.png', file: null },
    ]);
    const fileUrl = `/api/custom-work/${work._id}/evidence/${seen.evidence[0]!._id}`;
    const downloads = await Promise.all([seller, admin, stranger].map((user) => injectAs(ctx, user, { method: 'GET', url: fileUrl })));
    expect(downloads.map((download) => download.statusCode)).toEqual([200, 200, 404]);
    expect(downloads[0]!.rawPayload.equals(screenshot)).toBe(true);
    expect(downloads[0]!.headers['content-type']).toBe('image/png');
    const sellerNotices = (await injectAs(ctx, seller, { method: 'GET', url: '/api/notification/mine' })).json() as {
      notifications: Array<{ title: string }>;
    };
    expect(sellerNotices.notifications.map((notice) => notice.title)).toContain(`New evidence in the dispute over ${product.title.en}`);

    await stepped(ctx, admin, work._id, 'resolve', { outcome: 'release', note: 'Delivered as quoted' });
    expect((await addEvidence(seller, 'One more thing')).statusCode).toBe(409);
    expect((await read(ctx, seller, work._id)).evidence).toHaveLength(2);
  });

  it('lets the buyer review the work only once the seller is paid, change the review in place, and shows it on the product', async () => {
    const ctx = await buildTestApp();
    const { seller, buyer, product } = await reskinAsked(ctx);
    const work = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id });
    const review = (by: TestUser, rating: number, text: string) =>
      injectAs(ctx, by, { method: 'PUT', url: `/api/custom-work/${work._id}/review`, payload: { rating, text } });
    const productReviews = async () =>
      (await injectAs(ctx, null, { method: 'GET', url: `/api/custom-work/reviews?productId=${product._id}` })).json();

    await stepped(ctx, buyer, work._id, 'accept');
    await fund(ctx, buyer, work._id);
    await deliver(ctx, seller, work._id);
    expect((await read(ctx, buyer, work._id)).mayReview).toBe(false);
    expect((await review(buyer, 5, 'Lovely work, fast too')).json()).toMatchObject({
      message: 'Custom work is reviewed once the seller has been paid for it',
    });
    await stepped(ctx, buyer, work._id, 'accept-delivery');
    expect((await read(ctx, buyer, work._id)).mayReview).toBe(true);
    expect((await read(ctx, seller, work._id)).mayReview).toBe(false);
    expect((await review(seller, 5, 'We did a great job')).statusCode).toBe(403);
    expect((await review(buyer, 6, 'Lovely work, fast too')).statusCode).toBe(400);

    expect((await review(buyer, 5, 'Lovely work, fast too')).json()).toMatchObject({
      review: { rating: 5, text: 'Lovely work, fast too', reviewer: { name: 'Reskin Buyer' } },
    });
    expect((await review(buyer, 3, 'Good, one sprite was off')).statusCode).toBe(200);
    expect(await productReviews()).toMatchObject({
      average: 3,
      count: 1,
      reviews: [{ rating: 3, text: 'Good, one sprite was off', reviewer: { name: 'Reskin Buyer' } }],
    });
    const sellerNotices = (await injectAs(ctx, seller, { method: 'GET', url: '/api/notification/mine' })).json() as {
      notifications: Array<{ title: string }>;
    };
    expect(sellerNotices.notifications.filter((notice) => notice.title.includes('was reviewed'))).toHaveLength(1);
  });
});
