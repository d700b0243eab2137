import { MODERATION_REASONS, type NotificationPage, type ProductSummary } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { buildCatalogueApp, createApprovedProduct, createProduct, multipart } from '../../test/factories.js';

const noticesOf = async (ctx: TestContext, user: TestUser) =>
  ((await injectAs(ctx, user, { method: 'GET', url: '/api/notification/mine' })).json() as NotificationPage).notifications;

const myProducts = async (ctx: TestContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/product/uploaded-products?mine=true' })).json() as ProductSummary[];

const mailsTo = (ctx: TestContext, address: string) =>
  ctx.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', address).execute();

describe('moderation with reasons', () => {
  it('brings a rejection’s reason and note to the seller’s product list, notifications and mail', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, seller);

    const response = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/reject-product/${product._id}`,
      payload: { reason: 'Copyright or licence problem', note: '  The music is not yours to sell.  ' },
    });

    expect(response.statusCode).toBe(200);
    const [listed] = await myProducts(ctx, seller);
    expect(listed).toMatchObject({
      status: 'Rejected',
      moderation: {
        lastDecision: { action: 'Rejected', reason: 'Copyright or licence problem', note: 'The music is not yours to sell.' },
        pendingChangeAt: null,
      },
    });
    const [notice] = await noticesOf(ctx, seller);
    expect(notice).toMatchObject({ kind: 'moderation', title: 'Space Runner was rejected', link: '/userPanel/user-uploaded-products' });
    expect(notice!.body).toContain('Reason: Copyright or licence problem.');
    expect(notice!.body).toContain('Note: The music is not yours to sell.');
    const mails = await mailsTo(ctx, seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Space Runner was rejected');
    expect(mails[0]!.text_body).toContain('Reason: Copyright or licence problem');
    expect(mails[0]!.text_body).toContain('Note: The music is not yours to sell.');
  });

  it('rejects with the reason Other when a client written to docs/product-spec.md sends no body', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, seller);

    const response = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/reject-product/${product._id}` });

    expect(response.json()).toEqual({ message: 'Product rejected' });
    const [listed] = await myProducts(ctx, seller);
    expect(listed!.moderation!.lastDecision).toMatchObject({ action: 'Rejected', reason: 'Other', note: '' });
  });

  it('asks for changes: the product leaves the store as ChangesRequested, and the seller hears why', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, seller, admin);
    ctx.clock.advance(60_000);

    const response = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/request-changes/${product._id}`,
      payload: { reason: 'Misleading description or media', note: 'The screenshots show another game.' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Changes requested' });
    expect((await injectAs(ctx, null, { method: 'GET', url: `/api/product/${product._id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' })).json()).toEqual([]);
    const [listed] = await myProducts(ctx, seller);
    expect(listed).toMatchObject({
      status: 'ChangesRequested',
      moderation: { lastDecision: { action: 'ChangesRequested', reason: 'Misleading description or media' } },
    });
    const [notice] = await noticesOf(ctx, seller);
    expect(notice).toMatchObject({ title: 'Changes requested on Space Runner' });
    expect(notice!.body).toContain('The screenshots show another game.');
    expect(await mailsTo(ctx, seller.email)).toHaveLength(1);
  });

  it('sends a product with changes requested back to Pending when the seller edits it', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, seller, admin);
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/request-changes/${product._id}`, payload: { reason: 'Other' } });

    const { payload, headers } = await multipart({ frameWork: 'Godot' });
    const edit = await injectAs(ctx, seller, { method: 'PUT', url: `/api/product/editProduct/${product._id}`, payload, headers });

    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ status: 'Pending', frameWork: 'Godot' });
  });

  it('answers a clear message for each bad reason or note, and changes nothing', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, seller);
    const send = (payload: unknown) =>
      injectAs(ctx, admin, { method: 'PUT', url: `/api/product/request-changes/${product._id}`, payload: payload as object });

    const cases: Array<[unknown, string]> = [
      [{ note: 'No reason' }, `Choose a reason: ${MODERATION_REASONS.join(', ')}`],
      [{ reason: 'Ugly' }, `Choose a reason: ${MODERATION_REASONS.join(', ')}`],
      [{ reason: 'Other', note: 'x'.repeat(1001) }, 'The note is at most 1,000 characters'],
      [{ reason: 'Other', note: 'Tab\there' }, 'Use visible characters only in the note'],
      [{ reason: 'Other', status: 'Approved' }, 'Unknown field: status'],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect({ payload, status: response.statusCode, message: response.json().message }).toEqual({ payload, status: 400, message });
    }
    expect((await myProducts(ctx, seller))[0]).toMatchObject({ status: 'Pending', moderation: { lastDecision: null } });
    expect(await noticesOf(ctx, seller)).toEqual([]);
  });

  it('keeps who decided what, when and why in the audit list an admin sees, newest first', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin', name: 'Ada Admin' });
    const product = await createProduct(ctx, seller);
    await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/request-changes/${product._id}`,
      payload: { reason: 'Incomplete or broken source', note: 'Add the missing scenes.' },
    });
    ctx.clock.advance(60_000);
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${product._id}` });

    const log = await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${product._id}/moderation-log` });

    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject([
      { action: 'Approved', reason: null, note: '', by: { _id: admin._id, name: 'Ada Admin' } },
      { action: 'ChangesRequested', reason: 'Incomplete or broken source', note: 'Add the missing scenes.', by: { name: 'Ada Admin' } },
    ]);
    expect((await injectAs(ctx, seller, { method: 'GET', url: `/api/product/${product._id}/moderation-log` })).statusCode).toBe(403);
  });
});
