import { describe, expect, it } from 'vitest';
import { createUser, injectAs, type TestContext } from '../../test/helper.js';
import { buildCatalogueApp, createApprovedProduct, createProduct } from '../../test/factories.js';

const comment = (productId: string, overrides: Record<string, string> = {}) => ({
  name: 'Robin Reader',
  email: 'robin@example.com',
  comment: 'Runs smoothly on my phone.',
  productId,
  ...overrides,
});

const addComment = (ctx: TestContext, payload: Record<string, string>, remoteAddress = '198.51.100.20') =>
  ctx.app.inject({ method: 'POST', url: '/api/comment/addComment', payload, remoteAddress });

describe('comments', () => {
  it("lets a visitor comment on an approved product and lists that product's comments newest first without emails", async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, admin, admin);
    const other = await createApprovedProduct(ctx, admin, admin, { title: JSON.stringify({ en: 'Other Game' }) });

    const first = await addComment(ctx, comment(product._id, { comment: 'First!' }));
    ctx.clock.advance(60_000);
    await addComment(ctx, comment(product._id, { name: 'Sam', email: 'sam@example.com', comment: 'Second' }));
    await addComment(ctx, comment(other._id, { comment: 'Elsewhere' }));

    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Message send successfully',
      comment: { name: 'Robin Reader', comment: 'First!', productId: product._id },
    });
    expect(first.body).not.toContain('robin@example.com');
    const list = await injectAs(ctx, null, { method: 'GET', url: `/api/comment/allComments?productId=${product._id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { comment: string }) => row.comment)).toEqual(['Second', 'First!']);
    expect(list.body).not.toContain('@example.com');
    expect(Object.keys(list.json()[0]).sort()).toEqual(['_id', 'comment', 'createdAt', 'name', 'productId']);
  });

  it('keeps script and markup in a comment as the text that was typed', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, admin, admin);
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> <b>bold</b>';

    await addComment(ctx, comment(product._id, { comment: text, name: '<i>Mallory</i>' }));

    const list = await injectAs(ctx, null, { method: 'GET', url: `/api/comment/allComments?productId=${product._id}` });
    expect(list.headers['content-type']).toContain('application/json');
    expect(list.json()[0]).toMatchObject({ comment: text, name: '<i>Mallory</i>' });
    const stored = await ctx.db.selectFrom('comments').select('comment').executeTakeFirstOrThrow();
    expect(stored.comment).toBe(text);
  });

  it('answers 404 for a missing product and 400 for a pending one, storing nothing', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const pending = await createProduct(ctx, seller);

    const missing = await addComment(ctx, comment('aaaaaaaaaaaaaaaaaaaaaaaa'));
    const notApproved = await addComment(ctx, comment(pending._id));

    expect(missing.statusCode).toBe(404);
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json()).toEqual({ message: 'Comments are open on approved products only' });
    expect(await ctx.db.selectFrom('comments').select('id').execute()).toEqual([]);
    const hidden = await injectAs(ctx, null, { method: 'GET', url: `/api/comment/allComments?productId=${pending._id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it('rejects an empty comment, a bad email and an overlong comment with the reason', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, admin, admin);

    const empty = await addComment(ctx, comment(product._id, { comment: '   ' }));
    const badEmail = await addComment(ctx, comment(product._id, { email: 'not-an-email' }));
    const long = await addComment(ctx, comment(product._id, { comment: 'x'.repeat(2001) }));

    expect([empty.statusCode, badEmail.statusCode, long.statusCode]).toEqual([400, 400, 400]);
    expect(empty.json().message).toBe('Write a comment');
    expect(badEmail.json().message).toBe('Invalid email address');
    expect(long.json().message).toBe('A comment is at most 2000 characters');
  });

  it('shows every comment with its email and product title to an admin, and refuses the full list to others', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const user = await createUser(ctx);
    const product = await createApprovedProduct(ctx, admin, admin, { title: JSON.stringify({ en: 'Galaxy Golf', fr: 'Golf Galactique' }) });
    await addComment(ctx, comment(product._id));

    const asAdmin = await injectAs(ctx, admin, { method: 'GET', url: '/api/comment/allComments' });
    const asUser = await injectAs(ctx, user, { method: 'GET', url: '/api/comment/allComments' });
    const asVisitor = await injectAs(ctx, null, { method: 'GET', url: '/api/comment/allComments' });

    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual([
      expect.objectContaining({
        email: 'robin@example.com',
        productTitle: 'Galaxy Golf',
        productId: product._id,
        comment: 'Runs smoothly on my phone.',
      }),
    ]);
    expect(asUser.statusCode).toBe(403);
    expect(asVisitor.statusCode).toBe(401);
  });

  it('answers 429 once an address has sent more comments than the limit', async () => {
    const ctx = await buildCatalogueApp({ FORMS_RATE_LIMIT_PER_MINUTE: '3' });
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, admin, admin);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await addComment(ctx, comment(product._id, { comment: `Comment ${i}` }))).statusCode);
    const otherAddress = await addComment(ctx, comment(product._id), '203.0.113.99');

    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(otherAddress.statusCode).toBe(201);
    expect(await ctx.db.selectFrom('comments').select('id').execute()).toHaveLength(4);
  });
});
