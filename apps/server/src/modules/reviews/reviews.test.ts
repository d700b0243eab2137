import {
  ALREADY_REVIEWED_MESSAGE,
  ONLY_BUYERS_MAY_REVIEW_MESSAGE,
  ONLY_HOLDERS_MAY_EDIT_REVIEW_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
  type Licence,
  type NotificationPage,
  type Purchase,
  type Review,
  type ReviewPage,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, insertBuyers, type CatalogueContext } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const otherBuyer = await createUser(ctx, { name: 'Alex Buyer' });
  const stranger = await createUser(ctx, { name: 'Sam Stranger' });
  const product = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Space Runner' }) });
  await buyWithCard(ctx, buyer, [singleLine(product._id)]);
  await buyWithCard(ctx, otherBuyer, [singleLine(product._id)]);
  return { ctx, admin, seller, buyer, otherBuyer, stranger, product };
}

const addReview = (ctx: CatalogueContext, user: TestUser, productId: string, rating: number, text = 'Clean code, easy to reskin.') =>
  injectAs(ctx, user, { method: 'POST', url: '/api/review/addReview', payload: { productId, rating, text } });

async function reviewsOf(ctx: CatalogueContext, productId: string): Promise<ReviewPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/review/product/${productId}` });
  expect(response.statusCode).toBe(200);
  return response.json() as ReviewPage;
}

const noticesOf = async (ctx: CatalogueContext, user: TestUser) =>
  ((await injectAs(ctx, user, { method: 'GET', url: '/api/notification/mine' })).json() as NotificationPage).notifications.filter(
    (notice) => notice.kind === 'review',
  );

describe('verified-buyer reviews', () => {
  it('lets a buyer review once, shows the reviewer by name only, tells the seller, and tells each viewer what they may do', async () => {
    const { ctx, seller, buyer, otherBuyer, product } = await shop();

    const added = await addReview(ctx, buyer, product._id, 4, 'Clean code,\r\neasy to reskin.');
    const again = await addReview(ctx, buyer, product._id, 5);

    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      productId: product._id,
      rating: 4,
      text: 'Clean code,\neasy to reskin.',
      reviewer: { name: 'Jamie Buyer' },
      reply: null,
      hidden: false,
    });
    expect(added.body).not.toContain(buyer.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REVIEWED_MESSAGE);
    expect(await noticesOf(ctx, seller)).toMatchObject([
      { title: 'New 4-star review of Space Runner', body: 'Jamie Buyer: Clean code, easy to reskin.', link: '/downloads/Space-Runner' },
    ]);
    const seenBy = async (user: TestUser | null) =>
      (await injectAs(ctx, user, { method: 'GET', url: `/api/review/product/${product._id}` })).json() as ReviewPage;
    expect(await seenBy(buyer)).toMatchObject({ yours: { rating: 4 }, canReview: false, youSell: false });
    expect(await seenBy(otherBuyer)).toMatchObject({ yours: null, canReview: true, youSell: false });
    expect(await seenBy(seller)).toMatchObject({ yours: null, canReview: false, youSell: true });
    expect(await seenBy(null)).toMatchObject({ yours: null, canReview: false, youSell: false, count: 1 });
  });

  it('answers 403 to someone who has not bought the product, and to a buyer whose licence was revoked', async () => {
    const { ctx, admin, buyer, stranger, seller, product } = await shop();
    const [licence] = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/licence/mine' })).json() as Licence[];
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/licence/${licence!.purchaseCode}/revoke`, payload: { reason: 'Chargeback' } });

    const answers = await Promise.all([stranger, seller, buyer].map((user) => addReview(ctx, user, product._id, 5)));
    const visitor = await injectAs(ctx, null, {
      method: 'POST',
      url: '/api/review/addReview',
      payload: { productId: product._id, rating: 5, text: 'Clean code, easy to reskin.' },
    });

    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(ONLY_BUYERS_MAY_REVIEW_MESSAGE);
    }
    expect(visitor.statusCode).toBe(401);
    expect((await reviewsOf(ctx, product._id)).count).toBe(0);
  });

  it("lets only holders of an active licence edit their review, and a refund takes the review's verified mark away", async () => {
    const { ctx, admin, buyer, otherBuyer, product } = await shop();
    const mine = (await addReview(ctx, buyer, product._id, 4)).json() as Review;
    await addReview(ctx, otherBuyer, product._id, 5);
    expect(mine.verified).toBe(true);
    const [purchase] = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase!._id, reason: 'Asked within the window' },
    });
    expect(refunded.statusCode).toBe(200);

    const edit = await injectAs(ctx, buyer, { method: 'PUT', url: `/api/review/${mine._id}`, payload: { rating: 1 } });

    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(ONLY_HOLDERS_MAY_EDIT_REVIEW_MESSAGE);
    const page = await reviewsOf(ctx, product._id);
    expect(page.reviews.map((review) => [review.reviewer.name, review.rating, review.verified])).toEqual(
      expect.arrayContaining([
        ['Jamie Buyer', 4, false],
        ['Alex Buyer', 5, true],
      ]),
    );
  });

  it('refuses a rating outside 1–5, a text under 10 characters and invisible characters', async () => {
    const { ctx, buyer, product } = await shop();

    const answers = await Promise.all([
      addReview(ctx, buyer, product._id, 0),
      addReview(ctx, buyer, product._id, 3.5),
      addReview(ctx, buyer, product._id, 4, 'Too short'),
      addReview(ctx, buyer, product._id, 4, 'Fine code\u202E but hidden'),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers[0]!.json().message).toBe('Choose a rating from 1 to 5 stars');
    expect(answers[2]!.json().message).toBe('Write at least 10 characters about the product');
  });

  it('keeps the average right, to one decimal, after an add, an edit and a hide', async () => {
    const { ctx, admin, buyer, otherBuyer, product } = await shop();
    const first = (await addReview(ctx, buyer, product._id, 5)).json() as Review;
    await addReview(ctx, otherBuyer, product._id, 2, 'Works, but the docs are thin.');
    expect(await reviewsOf(ctx, product._id)).toMatchObject({ average: 3.5, count: 2 });
    // Read once here, so the answers below must not come from a stale cache.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product/${product._id}` })).json().rating).toEqual({ average: 3.5, count: 2 });

    const edited = await injectAs(ctx, buyer, { method: 'PUT', url: `/api/review/${first._id}`, payload: { rating: 3 } });
    const byOther = await injectAs(ctx, otherBuyer, { method: 'PUT', url: `/api/review/${first._id}`, payload: { rating: 1 } });
    expect(edited.statusCode).toBe(200);
    expect(byOther.statusCode).toBe(403);
    expect(await reviewsOf(ctx, product._id)).toMatchObject({ average: 2.5, count: 2 });

    const hidden = await injectAs(ctx, admin, { method: 'PUT', url: `/api/review/${first._id}/hide`, payload: { reason: 'Off topic' } });
    const hiddenByBuyer = await injectAs(ctx, buyer, { method: 'PUT', url: `/api/review/${first._id}/hide`, payload: { reason: 'Mine' } });
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'Off topic' });
    expect(hiddenByBuyer.statusCode).toBe(403);
    const afterHiding = await reviewsOf(ctx, product._id);
    expect(afterHiding).toMatchObject({ average: 2, count: 1 });
    expect(afterHiding.reviews.map((review) => review.rating)).toEqual([2]);
    // The admin still lists it, marked, to show it again; the average is the buyers' all the same.
    const forAdmin = (await injectAs(ctx, admin, { method: 'GET', url: `/api/review/product/${product._id}` })).json() as ReviewPage;
    expect(forAdmin).toMatchObject({ moderates: true, average: 2, count: 1 });
    expect(forAdmin.reviews.map((review) => [review.rating, review.hidden]).sort()).toEqual([
      [2, false],
      [3, true],
    ]);
    expect(afterHiding.moderates).toBe(false);

    // Its author still reaches it; anyone else is told it does not exist.
    expect((await injectAs(ctx, buyer, { method: 'PUT', url: `/api/review/${first._id}`, payload: { rating: 4 } })).statusCode).toBe(200);
    const byStranger = await injectAs(ctx, otherBuyer, { method: 'PUT', url: `/api/review/${first._id}/reply`, payload: { text: 'Hi' } });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(REVIEW_NOT_FOUND_MESSAGE);

    await injectAs(ctx, admin, { method: 'PUT', url: `/api/review/${first._id}/unhide` });
    expect(await reviewsOf(ctx, product._id)).toMatchObject({ average: 3, count: 2 });
    // Cards and the product page carry the same average, fresh after each change (their caches drop).
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/product/${product._id}` });
    expect(detail.json().rating).toEqual({ average: 3, count: 2 });
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/product/uploaded-products' })).json() as Array<{
      _id: string;
      rating: unknown;
    }>;
    expect(listed.find((card) => card._id === product._id)?.rating).toEqual({ average: 3, count: 2 });
  });

  it("lets only the product's seller reply, tells the reviewer of the first reply, and lets the seller correct it", async () => {
    const { ctx, seller, buyer, otherBuyer, product } = await shop();
    const review = (await addReview(ctx, buyer, product._id, 4)).json() as Review;
    const url = `/api/review/${review._id}/reply`;

    const byBuyer = await injectAs(ctx, otherBuyer, { method: 'PUT', url, payload: { text: 'Not mine to answer' } });
    const replied = await injectAs(ctx, seller, { method: 'PUT', url, payload: { text: 'Thanks! A guide is coming.' } });
    const corrected = await injectAs(ctx, seller, { method: 'PUT', url, payload: { text: 'Thanks! The guide is out.' } });

    expect(byBuyer.statusCode).toBe(403);
    expect(replied.statusCode).toBe(200);
    expect((corrected.json() as Review).reply).toEqual({ text: 'Thanks! The guide is out.', repliedAt: expect.any(String) });
    expect((await reviewsOf(ctx, product._id)).reviews[0]!.reply?.text).toBe('Thanks! The guide is out.');
    expect(await noticesOf(ctx, buyer)).toMatchObject([
      { title: 'The seller replied to your review of Space Runner', body: 'Thanks! A guide is coming.' },
    ]);
  });

  it('pages the reviews newest first and answers 404 for a product that does not exist', async () => {
    const { ctx, product } = await shop();
    // 21 buyers written straight to the database: signing each up through the API is slow and not what is tested.
    const buyerIds = await insertBuyers(ctx, product._id, 21, ctx.clock.now());
    for (const [n, buyerId] of buyerIds.entries()) {
      ctx.clock.advance(1000);
      await ctx.services.reviews.add(
        { _id: buyerId, name: `Buyer ${n}`, email: '', number: '', role: 'User' },
        product._id,
        (n % 5) + 1,
        'A review for the paging test.',
      );
    }

    const first = await reviewsOf(ctx, product._id);
    const second = (await ctx.app.inject({ method: 'GET', url: `/api/review/product/${product._id}?page=2` })).json() as ReviewPage;
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/review/product/nosuchproduct1' });

    expect(first).toMatchObject({ count: 21, page: 1, hasMore: true });
    expect(first.reviews).toHaveLength(20);
    expect(first.reviews[0]!.reviewer.name).toBe('Buyer 20');
    expect(second.reviews.map((review) => review.reviewer.name)).toEqual(['Buyer 0']);
    expect(second.hasMore).toBe(false);
    expect(missing.statusCode).toBe(404);
  });
});
