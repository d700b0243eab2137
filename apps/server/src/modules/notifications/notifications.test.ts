import type { NotificationPage } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/index.js';
import { buildCatalogueApp, type CatalogueContext, createProduct, titleJson } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { formatCursor } from '../../platform/events/cursor.js';
import { openStream } from '../../test/reskin-chat.js';

/** The stream id of the user's newest notice: its `seq`, as the database wrote it. */
async function newestSeq(ctx: CatalogueContext, user: TestUser): Promise<string> {
  const row = await ctx.db
    .selectFrom('notifications')
    .select('seq')
    .where('user_id', '=', user._id)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return formatCursor(row.seq);
}

const mine = async (ctx: CatalogueContext, user: TestUser, page = 1) => {
  const response = await injectAs(ctx, user, { method: 'GET', url: `/api/notification/mine?page=${page}` });
  expect(response.statusCode).toBe(200);
  return response.json() as NotificationPage;
};

const markRead = (ctx: CatalogueContext, user: TestUser | null, payload: unknown) =>
  injectAs(ctx, user, { method: 'PUT', url: '/api/notification/markRead', payload: payload as Record<string, unknown> });

const decide = (ctx: CatalogueContext, admin: TestUser, productId: string, decision: 'approved-product' | 'reject-product') =>
  injectAs(ctx, admin, { method: 'PUT', url: `/api/product/${decision}/${productId}` });

describe('the notification centre', () => {
  it('tells a seller of each decision on their product, newest first, and counts what they have not read', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const first = await createProduct(ctx, seller, { title: titleJson({ en: 'Moon Miner' }) });
    const second = await createProduct(ctx, seller, { title: titleJson({ en: 'Sun Surfer' }) });

    await decide(ctx, admin, first._id, 'approved-product');
    ctx.clock.advance(1000);
    await decide(ctx, admin, second._id, 'reject-product');
    // Approving what is approved already tells nobody anything new.
    await decide(ctx, admin, first._id, 'approved-product');

    const page = await mine(ctx, seller);
    expect(page).toMatchObject({ unread: 2, page: 1, hasMore: false });
    expect(page.notifications.map(({ kind, title, link, readAt }) => ({ kind, title, link, readAt }))).toEqual([
      { kind: 'moderation', title: 'Sun Surfer was rejected', link: '/userPanel/user-uploaded-products', readAt: null },
      { kind: 'moderation', title: 'Moon Miner was approved', link: '/downloads/Moon-Miner', readAt: null },
    ]);
    expect((await mine(ctx, admin)).notifications).toEqual([]);
  });

  it('marks read only the reader’s own notices, by id or all at once', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const other = await createUser(ctx);
    for (const title of ['One', 'Two', 'Three']) {
      const product = await createProduct(ctx, seller, { title: titleJson({ en: title }) });
      await decide(ctx, admin, product._id, 'approved-product');
    }
    const [newest, middle] = (await mine(ctx, seller)).notifications;

    expect((await markRead(ctx, other, { ids: [newest!._id] })).json()).toEqual({ unread: 0 });
    expect((await mine(ctx, seller)).unread).toBe(3);
    const marked = await markRead(ctx, seller, { ids: [newest!._id, middle!._id] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 1 });
    const page = await mine(ctx, seller);
    expect(page.notifications.map((notice) => notice.readAt !== null)).toEqual([true, true, false]);
    expect((await markRead(ctx, seller, { all: true })).json()).toEqual({ unread: 0 });
  });

  it.each([
    [{}, 400],
    [{ ids: [] }, 400],
    [{ all: false }, 400],
    [{ ids: ['not an id!'] }, 400],
    [{ all: true, userId: 'someone' }, 400],
  ])('answers %j with %i', async (payload, status) => {
    const ctx = await buildCatalogueApp();
    const user = await createUser(ctx);
    const response = await markRead(ctx, user, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('keeps the centre to signed-in users', async () => {
    const ctx = await buildCatalogueApp();
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/notification/mine' })).statusCode).toBe(401);
    expect((await markRead(ctx, null, { all: true })).statusCode).toBe(401);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/notification/stream' })).statusCode).toBe(401);
  });

  it('pages 20 at a time', async () => {
    const ctx = await buildCatalogueApp();
    const user = await createUser(ctx);
    const inTransaction = unitOfWork(ctx.db, { error: () => {} });
    for (let index = 0; index < 25; index += 1) {
      const notice = { kind: 'moderation' as const, title: `Notice ${index}`, body: '', link: '/' };
      await inTransaction((trx, afterCommit) => ctx.services.notifications.queue(trx, afterCommit, [{ userId: user._id, notice }]));
      ctx.clock.advance(1000);
    }
    const first = await mine(ctx, user);
    const second = await mine(ctx, user, 2);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]!.title).toBe('Notice 24');
    expect(first).toMatchObject({ hasMore: true, unread: 25 });
    expect(second.notifications.map((notice) => notice.title)).toEqual(['Notice 4', 'Notice 3', 'Notice 2', 'Notice 1', 'Notice 0']);
    expect(second.hasMore).toBe(false);
    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/notification/mine?page=0' })).statusCode).toBe(400);
  });

  it('streams the unread count to the user’s open pages, and only to theirs', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const stranger = await createUser(ctx);
    const product = await createProduct(ctx, seller);
    const sellerStream = await openStream<{ unread: number }>(ctx, seller, '/api/notification/stream', 'notification');
    const strangerStream = await openStream<{ unread: number }>(ctx, stranger, '/api/notification/stream', 'notification');
    expect(sellerStream.contentType).toMatch(/^text\/event-stream/);

    await decide(ctx, admin, product._id, 'approved-product');
    await expect.poll(() => sellerStream.events).toEqual([{ unread: 1 }]);
    await markRead(ctx, seller, { all: true });
    await expect.poll(() => sellerStream.events).toEqual([{ unread: 1 }, { unread: 0 }]);
    expect(strangerStream.events).toEqual([]);
  });

  it('ids each count by the newest notice, and a stream opened with Last-Event-ID gets today’s count first when newer ones were stored', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const [first, second] = [await createProduct(ctx, seller), await createProduct(ctx, seller)];
    const stream = await openStream<{ unread: number }>(ctx, seller, '/api/notification/stream', 'notification');
    await decide(ctx, admin, first._id, 'approved-product');
    await expect.poll(() => stream.events).toEqual([{ unread: 1 }]);
    await stream.close();
    const [lastSeen] = stream.ids;
    expect(lastSeen).toBe(await newestSeq(ctx, seller));

    // Nothing stored since: nothing to catch up on.
    expect((await openStream(ctx, seller, '/api/notification/stream', 'notification', lastSeen)).events).toEqual([]);

    // Stored in the same millisecond: the database's order, not the clock's, ids it.
    await decide(ctx, admin, second._id, 'approved-product');
    const again = await openStream<{ unread: number }>(ctx, seller, '/api/notification/stream', 'notification', lastSeen);
    expect(again.events).toEqual([{ unread: 2 }]);
    expect(again.ids).toEqual([await newestSeq(ctx, seller)]);
    expect(again.ids[0]! > lastSeen!).toBe(true);
    await markRead(ctx, seller, { all: true });
    await expect.poll(() => again.events).toEqual([{ unread: 2 }, { unread: 0 }]);
  });
});
