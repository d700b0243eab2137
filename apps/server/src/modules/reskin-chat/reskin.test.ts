import { describe, expect, it } from 'vitest';
import { createUser, injectAs, uniqueChannelPrefix, type TestUser } from '../../test/helper.js';
import {
  buildCatalogueApp,
  buildTwoCatalogueApps,
  createApprovedProduct,
  createProduct,
  pngImage,
  tinyZip,
  type CatalogueContext,
} from '../../test/factories.js';
import { openStream, sendForm, sendJson, thread } from '../../test/reskin-chat.js';
import { formatCursor } from '../../platform/events/cursor.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** A buyer, another user and an admin, and an approved product of a seller. */
async function chatSetting(ctx: CatalogueContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const stranger = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  return { admin, seller, buyer, stranger, product };
}

/** The buyer says Yes on the product page, then the clock moves so the messages keep their order. */
async function openChat(ctx: CatalogueContext, buyer: TestUser, productId: string) {
  const response = await sendJson(ctx, buyer, { userId: buyer._id, productId, message: 'Yes', messageBy: 'User' });
  expect(response.statusCode).toBe(201);
  ctx.clock.advance(1000);
  return response.json();
}

const put = (ctx: CatalogueContext, user: TestUser | null, call: string, payload: Record<string, string>) =>
  injectAs(ctx, user, { method: 'PUT', url: `/api/reskin/${call}`, payload });

describe('reskin chat: starting and answering', () => {
  it("starts one conversation per user and product with the opening 'Yes', authored by the session's role whatever the body says", async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, product } = await chatSetting(ctx);

    const opening = await sendJson(ctx, buyer, { productId: product._id, message: 'Yes', messageBy: 'Admin' });
    ctx.clock.advance(1000);
    const again = await sendJson(ctx, buyer, { productId: product._id, message: 'Yes' });

    expect(opening.statusCode).toBe(201);
    expect(opening.json()).toMatchObject({
      userId: buyer._id,
      productId: product._id,
      message: 'Yes',
      messageBy: 'User',
      isRead: false,
      status: 'Open',
      fileUpload: null,
    });
    expect(again.statusCode).toBe(201);
    const all = (await injectAs(ctx, admin, { method: 'GET', url: '/api/reskin/allReskinUsers' })).json();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      userId: buyer._id,
      productId: product._id,
      user: { _id: buyer._id, name: buyer.name, email: buyer.email },
      product: { _id: product._id, title: 'Space Runner' },
      status: 'Open',
      // The opening consent is hidden in the chat view, so it is neither unread nor the last message.
      unreadCount: 0,
      lastMessage: null,
    });
  });

  it("lets the admin answer a user's conversation; each side counts the other's unread messages until it opens the chat", async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);
    await sendForm(ctx, buyer, { productId: product._id, message: 'Can you change the hero to a cat?' });
    ctx.clock.advance(1000);

    const answer = await sendForm(ctx, admin, { userId: buyer._id, productId: product._id, message: 'Sure, 3 days.', messageBy: 'User' });

    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ messageBy: 'Admin', userId: buyer._id, message: 'Sure, 3 days.' });
    const mine = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/reskin/myConversations' })).json();
    expect(mine).toMatchObject([
      { productId: product._id, unreadCount: 1, lastMessage: { message: 'Sure, 3 days.', messageBy: 'Admin', hasFile: false } },
    ]);
    const all = (await injectAs(ctx, admin, { method: 'GET', url: '/api/reskin/allReskinUsers' })).json();
    expect(all[0].unreadCount).toBe(1);

    const marked = await put(ctx, buyer, 'markAdminMessagesAsRead', { userId: buyer._id, productId: product._id });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ updated: 1 });
    const opened = (await thread(ctx, buyer, `productId=${product._id}`)).json();
    expect(opened.conversation.unreadCount).toBe(0);
    expect(
      opened.messages.map((message: { message: string; messageBy: string; isRead: boolean }) => [
        message.messageBy,
        message.message,
        message.isRead,
      ]),
    ).toEqual([
      ['User', 'Yes', false],
      ['User', 'Can you change the hero to a cat?', false],
      ['Admin', 'Sure, 3 days.', true],
    ]);

    await put(ctx, admin, 'markUserMessagesAsRead', { userId: buyer._id, productId: product._id });
    const afterAdminRead = (await thread(ctx, admin, `productId=${product._id}&userId=${buyer._id}`)).json();
    expect(afterAdminRead.messages.every((message: { isRead: boolean }) => message.isRead)).toBe(true);
  });

  it('keeps script in a chat message as the text that was typed', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';

    const sent = await sendForm(ctx, buyer, { productId: product._id, message: script });

    expect(sent.statusCode).toBe(201);
    const read = await thread(ctx, admin, `productId=${product._id}&userId=${buyer._id}`);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.json().messages.at(-1).message).toBe(script);
  });

  it('refuses what cannot start or belong to a conversation', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, buyer, product } = await chatSetting(ctx);
    const pending = await createProduct(ctx, seller);

    const cases = [
      [await sendJson(ctx, null, { productId: product._id, message: 'Yes' }), 401],
      [await sendJson(ctx, buyer, { productId: pending._id, message: 'Yes' }), 404],
      [await sendJson(ctx, buyer, { productId: product._id, message: '   ' }), 400],
      [await sendJson(ctx, buyer, { productId: 'not an id', message: 'Yes' }), 400],
      [await sendJson(ctx, buyer, { productId: product._id, message: 'x'.repeat(5001) }), 400],
      // An admin answers; only a user starts a conversation.
      [await sendJson(ctx, admin, { userId: buyer._id, productId: product._id, message: 'Hello' }), 404],
      [await sendJson(ctx, admin, { productId: product._id, message: 'Hello' }), 400],
    ] as const;

    for (const [response, status] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ errorMessage: expect.any(String) });
    }
  });
});

describe('reskin chat: flooding', () => {
  it('answers 429 with an errorMessage once a user has sent more messages than the limit, while another user on the same address still writes', async () => {
    const ctx = await buildCatalogueApp({ CHAT_RATE_LIMIT_PER_MINUTE: '3' });
    const { buyer, stranger, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);

    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1)
      statuses.push((await sendJson(ctx, buyer, { productId: product._id, message: `Message ${i}` })).statusCode);
    const flood = await sendJson(ctx, buyer, { productId: product._id, message: 'One too many' });
    const neighbour = await sendJson(ctx, stranger, { productId: product._id, message: 'Yes' });

    expect(statuses).toEqual([201, 201]);
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toEqual({ errorMessage: expect.stringMatching(/^Too many attempts\. Please wait .+ and try again\.$/) });
    expect(neighbour.statusCode).toBe(201);
    expect(await ctx.db.selectFrom('reskin_messages').select('id').where('message', '=', 'One too many').execute()).toHaveLength(0);
  });
});

describe('reskin chat: who may see and do what', () => {
  it("answers 403 to a user reading, writing into or marking another user's conversation", async () => {
    const ctx = await buildCatalogueApp();
    const { buyer, stranger, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);

    const responses = [
      await thread(ctx, stranger, `productId=${product._id}&userId=${buyer._id}`),
      await sendJson(ctx, stranger, { userId: buyer._id, productId: product._id, message: 'Let me in' }),
      await put(ctx, stranger, 'markAdminMessagesAsRead', { userId: buyer._id, productId: product._id }),
    ];

    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorMessage: expect.any(String) });
    }
    expect((await injectAs(ctx, stranger, { method: 'GET', url: '/api/reskin/myConversations' })).json()).toEqual([]);
  });

  it('refuses the admin-only calls to users (403) and visitors (401) with an errorMessage', async () => {
    const ctx = await buildCatalogueApp();
    const { buyer, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);
    const key = { userId: buyer._id, productId: product._id };

    for (const [user, status] of [
      [buyer, 403],
      [null, 401],
    ] as const) {
      const responses = [
        await injectAs(ctx, user, { method: 'GET', url: '/api/reskin/allReskinUsers' }),
        await put(ctx, user, 'updateStatus', key),
        await put(ctx, user, 'markUserMessagesAsRead', key),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ errorMessage: expect.any(String) });
      }
    }
  });

  it('serves an attachment to the two sides of its conversation only', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, stranger, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);
    const image = await pngImage();

    const sent = await sendForm(
      ctx,
      buyer,
      { productId: product._id, message: 'Like this' },
      { bytes: image, name: '../../etc/my <mock>.png', type: 'image/png' },
    );

    expect(sent.statusCode).toBe(201);
    const { fileUpload, fileName } = sent.json();
    expect(fileUpload).toMatch(/^\/api\/reskin\/attachment\/[a-f0-9]+$/);
    expect(fileName).toBe('my _mock_.png');
    for (const reader of [buyer, admin]) {
      const download = await injectAs(ctx, reader, { method: 'GET', url: fileUpload });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.rawPayload.equals(image)).toBe(true);
    }
    const refused = await injectAs(ctx, stranger, { method: 'GET', url: fileUpload });
    expect(refused.statusCode).toBe(403);
    expect((await injectAs(ctx, null, { method: 'GET', url: fileUpload })).statusCode).toBe(401);
  });

  it('takes images, PDF and ZIP files by their first bytes, refuses anything else and files over 10 MB', async () => {
    const ctx = await buildCatalogueApp();
    const { buyer, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);
    const send = (bytes: Buffer, name: string) => sendForm(ctx, buyer, { productId: product._id, message: '' }, { bytes, name });

    expect((await send(Buffer.from('%PDF-1.7\n%mock brief\n'), 'brief.pdf')).statusCode).toBe(201);
    expect((await send(tinyZip(), 'art.zip')).statusCode).toBe(201);
    const disguised = await send(Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errorMessage).toMatch(/image .* PDF or a ZIP/);
    const huge = await send(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]), 'huge.pdf');
    expect(huge.statusCode).toBe(413);
    // A file input left empty is no file, and then a message needs text.
    expect((await send(Buffer.alloc(0), '')).statusCode).toBe(400);
  });

  it('refuses new user messages while the admin has the chat closed, and takes them again once reopened', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, product } = await chatSetting(ctx);
    await openChat(ctx, buyer, product._id);
    const key = { userId: buyer._id, productId: product._id };

    const closed = await put(ctx, admin, 'updateStatus', key);

    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'Close' });
    const refused = await sendForm(ctx, buyer, { productId: product._id, message: 'Hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMessage: 'This chat is closed' });
    expect((await sendJson(ctx, buyer, { productId: product._id, message: 'Yes' })).statusCode).toBe(403);
    expect((await sendForm(ctx, admin, { ...key, message: 'We are done here.' })).statusCode).toBe(201);
    expect((await thread(ctx, buyer, `productId=${product._id}`)).json().conversation.status).toBe('Close');

    expect((await put(ctx, admin, 'updateStatus', key)).json()).toMatchObject({ status: 'Open' });
    expect((await sendForm(ctx, buyer, { productId: product._id, message: 'Hello again' })).statusCode).toBe(201);
  });
});

describe('reskin chat: live events', () => {
  it('streams changes to the conversation’s user and the admins, and nothing to other users', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, stranger, product } = await chatSetting(ctx);
    const buyerStream = await openStream(ctx, buyer);
    const adminStream = await openStream(ctx, admin);
    const strangerStream = await openStream(ctx, stranger);
    expect(buyerStream.status).toBe(200);
    expect(buyerStream.contentType).toMatch(/^text\/event-stream/);

    await openChat(ctx, buyer, product._id);
    await sendForm(ctx, admin, { userId: buyer._id, productId: product._id, message: 'Hi' });
    await put(ctx, buyer, 'markAdminMessagesAsRead', { userId: buyer._id, productId: product._id });
    await put(ctx, admin, 'updateStatus', { userId: buyer._id, productId: product._id });

    const expected = ['message', 'message', 'read', 'status'].map((kind) => ({ kind, userId: buyer._id, productId: product._id }));
    await expect.poll(() => buyerStream.events).toEqual(expected);
    await expect.poll(() => adminStream.events).toEqual(expected);
    expect(strangerStream.events).toEqual([]);
  });

  it('gives each message event its stored id, and a stream opened with Last-Event-ID the messages stored after it first, once each', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, product } = await chatSetting(ctx);
    const key = { userId: buyer._id, productId: product._id };
    const event = { kind: 'message', ...key };
    const first = await openStream(ctx, buyer);
    await openChat(ctx, buyer, product._id);
    await sendForm(ctx, admin, { ...key, message: 'One' });
    await expect.poll(() => first.events).toEqual([event, event]);
    await first.close();
    const [, lastSeen] = first.ids;
    expect(lastSeen).toMatch(/^\d{16}$/);

    // Written while the page was away, in the same millisecond: the database's order, not the clock's, ids them.
    const missed = [
      (await sendForm(ctx, admin, { ...key, message: 'Two' })).json(),
      (await sendForm(ctx, buyer, { ...key, message: 'Three' })).json(),
    ];
    const again = await openStream(ctx, buyer, undefined, undefined, lastSeen);

    // Both arrived before the server said it listens, so from the database; in stored order, each once.
    expect(again.events).toEqual([event, event]);
    const stored = await ctx.db
      .selectFrom('reskin_messages')
      .select('seq')
      .where(
        'id',
        'in',
        missed.map((message: { _id: string }) => message._id),
      )
      .orderBy('seq')
      .execute();
    expect(again.ids).toEqual(stored.map((row) => formatCursor(row.seq)));
    expect(again.ids[1]! > again.ids[0]! && again.ids[0]! > lastSeen!).toBe(true);
    await sendForm(ctx, admin, { ...key, message: 'Four' });
    await expect.poll(() => again.events.length).toBe(3);
    expect(new Set(again.ids).size).toBe(3);
    expect(again.ids[2]! > again.ids[1]!).toBe(true);

    // An admin's stream catches up on every conversation; an id the server never sent gets nothing.
    const adminAgain = await openStream(ctx, admin, undefined, undefined, lastSeen);
    expect(adminAgain.ids).toEqual(again.ids);
    expect((await openStream(ctx, buyer, undefined, undefined, 'not-an-id')).events).toEqual([]);
  });

  it('refuses the stream to visitors', async () => {
    const ctx = await buildCatalogueApp();
    const response = await injectAs(ctx, null, { method: 'GET', url: '/api/reskin/stream' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorMessage: expect.any(String) });
  });

  it.skipIf(!redisUrl)('delivers a message sent on one instance to a stream listening on another when both share one Redis', async () => {
    const [a, b] = await buildTwoCatalogueApps({ REDIS_URL: redisUrl!, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const admin = await createUser(a, { role: 'Admin' });
    const buyer = await createUser(a);
    const product = await createApprovedProduct(a, admin, admin);
    const streamOnB = await openStream(b, buyer);

    await sendJson(a, buyer, { productId: product._id, message: 'Yes' });
    await sendForm(a, admin, { userId: buyer._id, productId: product._id, message: 'Answer from instance A' });

    await expect
      .poll(() => streamOnB.events)
      .toEqual([
        { kind: 'message', userId: buyer._id, productId: product._id },
        { kind: 'message', userId: buyer._id, productId: product._id },
      ]);
  });
});
