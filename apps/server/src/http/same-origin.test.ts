import { describe, expect, it } from 'vitest';
import { createUser, injectAs, type TestContext, type TestUser } from '../test/helper.js';
import { buildCatalogueApp, createApprovedProduct, multipart } from '../test/factories.js';

const SITE = 'https://shop.example.com';
const FRONT_END = 'https://admin.shop.example.com';
const REFUSED = 'This request came from another site and was refused.';

/** What a browser (or a script) may put on a request, and whether the app takes it. */
const VARIANTS: [string, Record<string, string>, 'passes' | 'refused'][] = [
  ['the site’s own Origin (PUBLIC_URL)', { origin: SITE }, 'passes'],
  ['an Origin listed in ALLOWED_ORIGINS', { origin: FRONT_END, 'sec-fetch-site': 'same-site' }, 'passes'],
  ['the Origin of the host it was sent to', { origin: 'http://shop.internal:3000', host: 'shop.internal:3000' }, 'passes'],
  ['Sec-Fetch-Site same-origin without an Origin', { 'sec-fetch-site': 'same-origin' }, 'passes'],
  ['Sec-Fetch-Site none (an address the user typed)', { 'sec-fetch-site': 'none' }, 'passes'],
  ['the site’s own Referer alone', { referer: `${SITE}/userPanel/chat` }, 'passes'],
  ['no Origin, Sec-Fetch-Site or Referer (not a browser)', {}, 'passes'],
  ['another port of the same host', { origin: 'https://shop.example.com:8443', 'sec-fetch-site': 'same-site' }, 'refused'],
  ['another port without Sec-Fetch-Site (plain http)', { origin: 'http://shop.example.com:8080' }, 'refused'],
  ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'refused'],
  ['a sandboxed page (Origin null)', { origin: 'null', 'sec-fetch-site': 'cross-site' }, 'refused'],
  ['Origin null without Sec-Fetch-Site', { origin: 'null' }, 'refused'],
  ['Sec-Fetch-Site same-site without an Origin', { 'sec-fetch-site': 'same-site' }, 'refused'],
  ['Sec-Fetch-Site cross-site without an Origin', { 'sec-fetch-site': 'cross-site' }, 'refused'],
  ['a foreign Referer alone', { referer: 'http://shop.example.com:8080/attack.html' }, 'refused'],
];

async function setting() {
  const ctx = await buildCatalogueApp({ PUBLIC_URL: SITE, ALLOWED_ORIGINS: `${FRONT_END}, https://partner.example` });
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  const buyer = await createUser(ctx);
  return { ctx, product, buyer, admin };
}

const conversationsOf = async (ctx: TestContext, buyer: TestUser) =>
  (await injectAs(ctx, buyer, { method: 'GET', url: '/api/reskin/myConversations' })).json() as unknown[];

describe('requests from another origin', () => {
  it.each(VARIANTS)('with %s: a signed-in chat message %s', async (_case, headers, verdict) => {
    const { ctx, product, buyer } = await setting();
    const form = await multipart({ productId: product._id, message: 'Yes' });

    const response = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/reskin/reskinFeatureUser',
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });

    const outcome = {
      status: response.statusCode,
      refusal: response.statusCode === 403 ? response.json() : null,
      conversations: (await conversationsOf(ctx, buyer)).length,
    };
    // The chat calls answer errors as { errorMessage } (docs/product-spec.md §7); the refusal keeps that shape.
    const expected =
      verdict === 'passes'
        ? { status: 201, refusal: null, conversations: 1 }
        : { status: 403, refusal: { errorMessage: REFUSED }, conversations: 0 };
    expect(outcome).toEqual(expected);
  });

  it('refuses a forged sign-out, so the session lives on, and lets the site’s own sign-out through', async () => {
    const { ctx, buyer } = await setting();
    const forged = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/user/signOut',
      headers: { origin: 'https://shop.example.com:8443', 'sec-fetch-site': 'same-site' },
    });

    expect({ status: forged.statusCode, body: forged.json() }).toEqual({ status: 403, body: { message: REFUSED } });
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(200);

    const own = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/user/signOut',
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(401);
  });

  it('refuses a forged sign-in and sign-up (no cookie yet), PUT and DELETE, and lets reads from anywhere through', async () => {
    const { ctx, buyer, product, admin } = await setting();
    const foreign = { origin: 'http://shop.example.com:8080' };

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      headers: foreign,
      payload: { email: buyer.email, password: buyer.password },
    });
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/addUser',
      headers: foreign,
      payload: {
        name: 'Eve',
        email: 'eve@example.com',
        number: '+1 555 0100',
        password: 'a-long-password-1',
        confirmPassword: 'a-long-password-1',
      },
    });
    const markRead = await injectAs(ctx, buyer, {
      method: 'PUT',
      url: '/api/reskin/markAdminMessagesAsRead',
      headers: foreign,
      payload: { productId: product._id, userId: buyer._id },
    });
    const remove = await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${product._id}`, headers: foreign });
    const read = await injectAs(ctx, buyer, {
      method: 'GET',
      url: '/api/user/currentUser',
      headers: { ...foreign, 'sec-fetch-site': 'same-site' },
    });

    expect([signIn.statusCode, signUp.statusCode, markRead.statusCode, remove.statusCode, read.statusCode]).toEqual([
      403, 403, 403, 403, 200,
    ]);
    expect((await injectAs(ctx, null, { method: 'GET', url: `/api/product/by-slug/${product.slug}` })).statusCode).toBe(200);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', 'eve@example.com').execute()).toEqual([]);
  });

  it('leaves the signed Stripe webhook to its signature, whatever its headers say', async () => {
    const { ctx } = await setting();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });

    expect(response.statusCode).not.toBe(403);
    expect(response.json().message).not.toBe(REFUSED);
  });

  it('leaves the public API to its Bearer tokens, since it reads no cookie, and still refuses a forged write beside it', async () => {
    const { ctx } = await setting();
    const headers = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', authorization: 'Bearer smk_unknown' };

    const v1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/licences/3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b/revoke',
      headers,
      payload: { reason: 'Refunded elsewhere' },
    });
    const lookalike = await ctx.app.inject({ method: 'POST', url: '/api/v1x/anything', headers, payload: {} });

    expect([v1.statusCode, v1.json().error.code]).toEqual([401, 'unauthorized']);
    expect([lookalike.statusCode, lookalike.json().message]).toEqual([403, REFUSED]);
  });
});
