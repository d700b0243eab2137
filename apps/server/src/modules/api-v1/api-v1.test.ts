import {
  type ApiScope,
  type ApiToken,
  type ApiV1Error,
  type ApiV1ProductPage,
  type ApiV1Release,
  type ApiV1ReleaseList,
  type ApiV1UpdatedProduct,
  type ApiV1SalePage,
  type Discount,
  type Review,
  type ReviewPage,
  type CreatedToken,
  type Licence,
  type PendingChange,
  type ProductDetail,
  type Release,
  type Statement,
} from '@market/contracts';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { makeZip } from '@market/sample-archives';
import { describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import { buyWithCard, confirmCard, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import {
  buildCatalogueApp,
  createApprovedProduct,
  createProduct,
  multipart,
  recordSale,
  sellerWithTwoProducts,
  type CatalogueContext,
} from '../../test/factories.js';
import { marketplaceClientOf } from '../../test/api-client.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

async function createToken(ctx: CatalogueContext, seller: TestUser, scopes: ApiScope[], expiresInDays?: number): Promise<CreatedToken> {
  const response = await injectAs(ctx, seller, {
    method: 'POST',
    url: '/api/licence/tokens',
    payload: { name: 'Build server', scopes, ...(expiresInDays === undefined ? {} : { expiresInDays }) },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as CreatedToken;
}

const call = (ctx: CatalogueContext, token: string, url: string, options: { method?: 'GET' | 'POST'; payload?: object } = {}) =>
  ctx.app.inject({ method: options.method ?? 'GET', url, headers: { authorization: `Bearer ${token}` }, payload: options.payload });

async function shop(env: Record<string, string> = {}) {
  const ctx = await buildCatalogueApp(env);
  const cast = await sellerWithTwoProducts(ctx);
  const otherSeller = await createUser(ctx, { name: 'Other Studio' });
  const othersProduct = await createApprovedProduct(ctx, otherSeller, cast.admin, { title: JSON.stringify({ en: 'Their Game' }) });
  return { ctx, ...cast, otherSeller, othersProduct };
}

async function licenceOf(ctx: CatalogueContext, buyer: TestUser, productId: string): Promise<Licence> {
  const purchase = await buyWithCard(ctx, buyer, [singleLine(productId)]);
  const mine = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/licence/mine' })).json() as Licence[];
  return mine.find((licence) => licence.purchaseId === purchase._id)!;
}

describe('API v1 tokens and scopes', () => {
  it('lets a token with sales:read read sales, and refuses it products with 403 missing_scope naming products:read', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const { token } = await createToken(ctx, seller, ['sales:read']);
    const market = marketplaceClientOf(ctx.app, token);

    const sales = await market.GET('/api/v1/sales');
    const products = await market.GET('/api/v1/products');

    expect(sales.response.status).toBe(200);
    expect(sales.data?.data.map((sale) => [sale.productId, sale.paidCents, sale.refunded])).toEqual([[runner._id, 4999, false]]);
    expect(products.response.status).toBe(403);
    expect(products.error).toEqual({ error: { code: 'missing_scope', message: 'This token lacks the scope products:read' } });
  });

  it('answers 401 in the v1 error body once a token has expired, as for an unknown or missing one', async () => {
    const { ctx, seller } = await shop();
    const { token } = await createToken(ctx, seller, ['products:read'], 30);

    const before = await call(ctx, token, '/api/v1/products');
    ctx.clock.advance(30 * DAY_MS + 1000);
    const expired = await call(ctx, token, '/api/v1/products');
    const unknown = await call(ctx, 'smk_unknown', '/api/v1/products');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie: seller.cookie } });

    expect(before.statusCode).toBe(200);
    expect([expired.statusCode, unknown.statusCode, missing.statusCode]).toEqual([401, 401, 401]);
    expect((expired.json() as ApiV1Error).error.code).toBe('unauthorized');
    expect(expired.json()).toEqual(unknown.json());
  });

  it('lists the scopes, expiry and last use of each token, the last use written at most once a minute', async () => {
    const { ctx, seller } = await shop();
    const created = await createToken(ctx, seller, ['statement:read', 'products:read']);
    const list = async () => ((await injectAs(ctx, seller, { method: 'GET', url: '/api/licence/tokens' })).json() as ApiToken[])[0]!;

    const unused = await list();
    await call(ctx, created.token, '/api/v1/products');
    const firstUse = (await list()).lastUsedAt;
    ctx.clock.advance(30_000);
    await call(ctx, created.token, '/api/v1/products');
    const halfAMinuteLater = (await list()).lastUsedAt;
    ctx.clock.advance(MINUTE_MS);
    await call(ctx, created.token, '/api/v1/products');
    const aMinuteLater = (await list()).lastUsedAt;

    expect(unused).toEqual({
      _id: created._id,
      name: 'Build server',
      scopes: ['products:read', 'statement:read'],
      createdAt: '2026-01-15T10:00:00.000Z',
      expiresAt: '2027-01-15T10:00:00.000Z',
      lastUsedAt: null,
    });
    expect([firstUse, halfAMinuteLater, aMinuteLater]).toEqual([
      '2026-01-15T10:00:00.000Z',
      '2026-01-15T10:00:00.000Z',
      '2026-01-15T10:01:30.000Z',
    ]);
  });

  it('refuses a token without scopes, with an unknown scope or an expiry past two years, on the field at fault', async () => {
    const { ctx, seller } = await shop();
    const create = (payload: object) => injectAs(ctx, seller, { method: 'POST', url: '/api/licence/tokens', payload });

    const answers = await Promise.all([
      create({ name: 'No scopes', scopes: [] }),
      create({ name: 'Unknown', scopes: ['everything'] }),
      create({ name: 'Forever', scopes: ['sales:read'], expiresInDays: 731 }),
    ]);

    expect(answers.map((answer) => [answer.statusCode, answer.json().errors[0].field])).toEqual([
      [400, 'scopes'],
      [400, 'scopes.0'],
      [400, 'expiresInDays'],
    ]);
  });

  it('gives tokens made before scopes licences:read alone and a year from the migration', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    const licence = await licenceOf(ctx, buyer, runner._id);
    const migrator = migratorFor(ctx.db);
    expect((await migrator.migrateTo('0040_custom_work_evidence_reviews')).error).toBeUndefined();
    const token = 'smk_made-before-scopes';
    const hash = createHash('sha256').update(token).digest('hex');
    await sql`insert into api_tokens (id, user_id, name, token_hash, created_at)
      values ('token_legacy01', ${seller._id}, 'Old server', ${hash}, '2025-06-01T00:00:00.000Z')`.execute(ctx.db);

    const before = Date.now();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const row = await ctx.db
      .selectFrom('api_tokens')
      .select(['scopes', 'expires_at'])
      .where('id', '=', 'token_legacy01')
      .executeTakeFirstOrThrow();
    const verified = await call(ctx, token, `/api/v1/licences/verify?code=${licence.purchaseCode}`);
    const sales = await call(ctx, token, '/api/v1/sales');

    expect(JSON.parse(row.scopes)).toEqual(['licences:read']);
    expect(Date.parse(row.expires_at) - before).toBeGreaterThanOrEqual(365 * DAY_MS - MINUTE_MS);
    expect(Date.parse(row.expires_at) - before).toBeLessThanOrEqual(365 * DAY_MS + MINUTE_MS);
    expect(verified.statusCode).toBe(200);
    expect((sales.json() as ApiV1Error).error.code).toBe('missing_scope');
  });

  it('keeps the verify call to tokens with licences:read', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    const licence = await licenceOf(ctx, buyer, runner._id);
    const reader = await createToken(ctx, seller, ['licences:read']);
    const salesOnly = await createToken(ctx, seller, ['sales:read']);
    const verify = (token: string) => call(ctx, token, `/api/licence/verify?code=${licence.purchaseCode}`);

    const [allowed, refused] = [await verify(reader.token), await verify(salesOnly.token)];

    expect(allowed.statusCode).toBe(200);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This token lacks the scope licences:read');
  });
});

describe('API v1 calls', () => {
  it("answers another seller's product and licence like unknown ones (404)", async () => {
    const { ctx, seller, buyer, runner, othersProduct } = await shop();
    const othersLicence = await licenceOf(ctx, buyer, othersProduct._id);
    const { token } = await createToken(ctx, seller, ['products:read', 'licences:read', 'licences:write']);

    const own = await call(ctx, token, `/api/v1/products/${runner._id}`);
    const answers = await Promise.all([
      call(ctx, token, `/api/v1/products/${othersProduct._id}`),
      call(ctx, token, `/api/v1/licences/${othersLicence.purchaseCode}`),
      call(ctx, token, `/api/v1/licences/verify?code=${othersLicence.purchaseCode}`),
      call(ctx, token, `/api/v1/licences/${othersLicence.purchaseCode}/revoke`, { method: 'POST', payload: { reason: 'Chargeback' } }),
    ]);

    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: runner._id, title: 'Space Runner', status: 'Approved', singleAppLicenseCents: 4999 });
    expect(answers.map((answer) => [answer.statusCode, (answer.json() as ApiV1Error).error.code])).toEqual([
      [404, 'not_found'],
      [404, 'not_found'],
      [404, 'not_found'],
      [404, 'not_found'],
    ]);
  });

  it("revokes a licence of the seller's product with a reason, after which verify answers it revoked", async () => {
    const { ctx, seller, buyer, runner } = await shop();
    const licence = await licenceOf(ctx, buyer, runner._id);
    const reader = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['licences:read'])).token);
    const writer = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['licences:write'])).token);
    const code = { path: { code: licence.purchaseCode } };
    const revoke = (market: typeof reader) =>
      market.POST('/api/v1/licences/{code}/revoke', { params: code, body: { reason: 'Resold on a forum' } });

    const withoutScope = await revoke(reader);
    const revoked = await revoke(writer);
    const again = await revoke(writer);
    const verified = await reader.GET('/api/v1/licences/verify', { params: { query: { code: licence.purchaseCode } } });
    const read = await reader.GET('/api/v1/licences/{code}', { params: code });

    expect(withoutScope.error?.error).toEqual({ code: 'missing_scope', message: 'This token lacks the scope licences:write' });
    expect(revoked.response.status).toBe(200);
    expect(revoked.data).toMatchObject({
      purchaseCode: licence.purchaseCode,
      status: 'Revoked',
      valid: false,
      revokedReason: 'Resold on a forum',
    });
    expect([again.response.status, again.error?.error.code]).toEqual([409, 'conflict']);
    expect(verified.data).toMatchObject({ valid: false, status: 'Revoked' });
    expect(read.data).toMatchObject({ status: 'Revoked', revokedReason: 'Resold on a forum' });
  });

  it('walks every sale and product page by cursor, each once, newest first', async () => {
    const { ctx, seller, buyer, runner, puzzle, admin } = await shop();
    for (let n = 0; n < 3; n += 1) await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: `Extra ${n}` }) });
    // Two lines sold at the same time as each other make the tie the cursor's id must break.
    for (let n = 0; n < 4; n += 1) await recordSale(ctx, buyer._id, [runner._id, puzzle._id], new Date(Date.UTC(2026, 0, 10 + n)));
    const market = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['sales:read', 'products:read'])).token);

    async function walk(path: '/api/v1/sales' | '/api/v1/products'): Promise<{ ids: string[]; pages: number }> {
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { data, response } = await market.GET(path, { params: { query: { limit: 3, ...(cursor ? { cursor } : {}) } } });
        expect(response.status).toBe(200);
        const page = data as ApiV1SalePage | ApiV1ProductPage;
        ids.push(...page.data.map((item) => ('lineId' in item ? item.lineId : item.id)));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor);
      return { ids, pages };
    }

    const sales = await walk('/api/v1/sales');
    const products = await walk('/api/v1/products');
    const soldAt = (await market.GET('/api/v1/sales', { params: { query: { limit: 100 } } })).data?.data.map((sale) => sale.soldAt);

    expect(sales.pages).toBe(3);
    expect(new Set(sales.ids).size).toBe(8);
    expect(sales.ids).toHaveLength(8);
    expect(soldAt).toEqual(soldAt?.toSorted().toReversed());
    expect(products.pages).toBe(2);
    expect(new Set(products.ids).size).toBe(5);
    expect(products.ids).toHaveLength(5);
  });

  it('answers a cursor it did not give or a limit past 100 with 400 invalid_request on the field, and an unknown call in the v1 body', async () => {
    const { ctx, seller } = await shop();
    const { token } = await createToken(ctx, seller, ['products:read']);

    const response = await call(ctx, token, '/api/v1/products?cursor=bm90LWEtY3Vyc29y');
    const tooMany = await call(ctx, token, '/api/v1/products?limit=1000');
    const noSuchCall = await call(ctx, token, '/api/v1/nothing-here');

    expect(response.statusCode).toBe(400);
    expect((response.json() as ApiV1Error).error).toMatchObject({ code: 'invalid_request', field: 'cursor' });
    expect([tooMany.statusCode, (tooMany.json() as ApiV1Error).error.field]).toEqual([400, 'limit']);
    expect(noSuchCall.json()).toEqual({ error: { code: 'not_found', message: 'No such API call: GET /api/v1/nothing-here' } });
  });

  it("reads the token owner's statement from the ledger with statement:read", async () => {
    const { ctx, seller, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const market = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['statement:read'])).token);

    const { data, response } = await market.GET('/api/v1/statement', { params: { query: { limit: 5 } } });
    const page = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/statement?limit=5' })).json() as Statement;

    expect(response.status).toBe(200);
    expect(data).toEqual(page);
    expect(data?.entries.length).toBeGreaterThan(0);
  });

  it('answers the call past API_RATE_LIMIT_PER_MINUTE with 429 and RateLimit headers, counting every v1 call of a token', async () => {
    const { ctx, seller } = await shop({ API_RATE_LIMIT_PER_MINUTE: '3' });
    const { token } = await createToken(ctx, seller, ['products:read', 'sales:read']);
    const other = await createToken(ctx, seller, ['products:read']);

    const first = await call(ctx, token, '/api/v1/products');
    await call(ctx, token, '/api/v1/sales');
    await call(ctx, token, '/api/v1/products');
    const limited = await call(ctx, token, '/api/v1/sales');
    const otherToken = await call(ctx, other.token, '/api/v1/products');

    expect([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining']]).toEqual(['3', '2']);
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(limited.statusCode).toBe(429);
    expect([limited.headers['ratelimit-limit'], limited.headers['ratelimit-remaining']]).toEqual(['3', '0']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((limited.json() as ApiV1Error).error.code).toBe('rate_limited');
    expect(otherToken.statusCode).toBe(200);
  });

  it('takes a Bearer write from another origin, since no cookie is read under /api/v1', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    const licence = await licenceOf(ctx, buyer, runner._id);
    const { token } = await createToken(ctx, seller, ['licences:write']);

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/licences/${licence.purchaseCode}/revoke`,
      headers: { authorization: `Bearer ${token}`, origin: 'https://tools.example', 'sec-fetch-site': 'cross-site' },
      payload: { reason: 'Refunded elsewhere' },
    });

    expect(response.statusCode).toBe(200);
  });

  it('documents every v1 call in the OpenAPI document, tagged, with the Bearer scheme and named schemas', async () => {
    const ctx = await buildCatalogueApp();
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown; summary?: string }>>;
      components: { schemas: Record<string, unknown> };
    };

    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })));

    expect(operations.map(({ method, path }) => `${method} ${path}`).toSorted()).toEqual([
      'get /api/v1/licences/verify',
      'get /api/v1/licences/{code}',
      'get /api/v1/products',
      'get /api/v1/products/{id}',
      'get /api/v1/products/{id}/releases',
      'get /api/v1/reviews',
      'get /api/v1/sales',
      'get /api/v1/sales/{id}',
      'get /api/v1/statement',
      'patch /api/v1/products/{id}',
      'post /api/v1/licences/{code}/revoke',
      'post /api/v1/products/{id}/releases',
      'post /api/v1/reviews/{id}/reply',
    ]);
    expect(operations.filter((operation) => !operation.tags?.includes('api v1') || !operation.summary)).toEqual([]);
    expect(new Set(operations.map((operation) => JSON.stringify(operation.security)))).toEqual(
      new Set([JSON.stringify([{ sellerToken: [] }])]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'ApiV1Error',
        'ApiV1Product',
        'ApiV1ProductPage',
        'ApiV1Sale',
        'ApiV1SalePage',
        'ApiV1Licence',
        'ApiV1ProductUpdate',
        'ApiV1UpdatedProduct',
        'ApiV1Release',
        'ApiV1ReleaseList',
        'ApiV1SaleDetail',
        'ApiV1SaleLine',
        'ApiV1SaleRefund',
        'ApiV1Review',
        'ApiV1ReviewPage',
        'ApiV1ReviewReply',
      ]),
    );
  });
});

// ---- One sale, and reviews (docs/decisions/0014) ----

/** One order of the buyer's, paid by card with the seller's discount code, as the checkout page pays it. */
async function buyWithCode(ctx: CatalogueContext, buyer: TestUser, productIds: string[], code: string): Promise<string> {
  const intent = await injectAs(ctx, buyer, {
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    payload: { products: productIds.map((id) => singleLine(id)), currency: 'usd', code },
  });
  expect(intent.statusCode).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json() as { clientSecret: string; paymentIntentId: string };
  expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);
  const recorded = await postPurchaseDetail(ctx, buyer, paymentIntentId);
  expect(recorded.statusCode).toBe(201);
  return (recorded.json() as { purchase: { _id: string } }).purchase._id;
}

async function review(ctx: CatalogueContext, buyer: TestUser, productId: string, rating: number, text: string): Promise<Review> {
  const response = await injectAs(ctx, buyer, { method: 'POST', url: '/api/review/addReview', payload: { productId, rating, text } });
  expect(response.statusCode).toBe(201);
  return response.json() as Review;
}

describe('API v1 one sale', () => {
  it("reads one sale of the list with the seller's own lines, their discounts and refunds as recorded, through the typed client", async () => {
    const { ctx, admin, seller, buyer, runner, puzzle, othersProduct } = await shop();
    const code = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/discount',
      payload: { code: 'LAUNCH25', kind: 'percent', amount: 25 },
    });
    expect(code.statusCode).toBe(201);
    expect((code.json() as Discount).code).toBe('LAUNCH25');
    const orderId = await buyWithCode(ctx, buyer, [runner._id, puzzle._id, othersProduct._id], 'LAUNCH25');
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: orderId, productId: runner._id, reason: 'The archive does not build' },
    });
    expect(refunded.statusCode).toBe(200);
    const market = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['sales:read'])).token);

    const listed = await market.GET('/api/v1/sales');
    const listedOrderId = listed.data!.data[0]!.orderId;
    const { data, response } = await market.GET('/api/v1/sales/{id}', { params: { path: { id: listedOrderId } } });
    const stored = await ctx.db
      .selectFrom('order_lines')
      .select(['id', 'product_id', 'list_cents', 'discount_cents', 'platform_discount_cents', 'tax_cents', 'paid_cents'])
      .where('order_id', '=', orderId)
      .where('seller_id', '=', seller._id)
      .orderBy('id')
      .execute();
    const runnerLine = stored.find((line) => line.product_id === runner._id)!;

    expect(listedOrderId).toBe(orderId);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ orderId, currency: 'usd' });
    expect(
      data?.lines.map((line) => [
        line.lineId,
        line.listCents,
        line.discountCents,
        line.platformDiscountCents,
        line.taxCents,
        line.paidCents,
      ]),
    ).toEqual(
      stored.map((line) => [
        line.id,
        Number(line.list_cents),
        Number(line.discount_cents),
        Number(line.platform_discount_cents),
        Number(line.tax_cents),
        Number(line.paid_cents),
      ]),
    );
    expect(data?.lines.map((line) => line.productId).toSorted()).toEqual([runner._id, puzzle._id].toSorted());
    expect(data?.lines.every((line) => line.discountCents > 0 && line.paidCents === line.listCents - line.discountCents)).toBe(true);
    expect(data?.refunds).toEqual([
      {
        id: expect.any(String),
        lineId: runnerLine.id,
        amountCents: Number(runnerLine.paid_cents),
        reason: 'The archive does not build',
        status: 'succeeded',
        createdAt: expect.any(String),
      },
    ]);
  });

  it("answers another seller's sale and an unknown one 404, and a token without sales:read 403 missing_scope naming sales:read", async () => {
    const { ctx, seller, buyer, runner, othersProduct } = await shop();
    const own = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const others = await buyWithCard(ctx, buyer, [singleLine(othersProduct._id)]);
    const reader = await createToken(ctx, seller, ['sales:read']);
    const productsOnly = await createToken(ctx, seller, ['products:read']);

    const answers = await Promise.all([
      call(ctx, reader.token, `/api/v1/sales/${own._id}`),
      call(ctx, reader.token, `/api/v1/sales/${others._id}`),
      call(ctx, reader.token, '/api/v1/sales/unknown-sale-0001'),
      call(ctx, productsOnly.token, `/api/v1/sales/${own._id}`),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 404, 403]);
    expect(answers.slice(1).map((answer) => answer.json() as ApiV1Error)).toEqual([
      { error: { code: 'not_found', message: 'Sale not found' } },
      { error: { code: 'not_found', message: 'Sale not found' } },
      { error: { code: 'missing_scope', message: 'This token lacks the scope sales:read' } },
    ]);
  });
});

describe('API v1 reviews', () => {
  it("walks the reviews of the seller's products by cursor, newest first, each once, without another seller's or hidden ones", async () => {
    const { ctx, admin, seller, runner, puzzle, othersProduct } = await shop();
    const written: Review[] = [];
    for (const name of ['Ann', 'Ben', 'Cy']) {
      const reviewer = await createUser(ctx, { name });
      await buyWithCard(ctx, reviewer, [singleLine(runner._id), singleLine(puzzle._id), singleLine(othersProduct._id)]);
      // Two reviews at the same time make the tie the cursor's id must break.
      written.push(await review(ctx, reviewer, runner._id, 5, `${name} likes the runner`));
      written.push(await review(ctx, reviewer, puzzle._id, 4, `${name} likes the puzzle`));
      await review(ctx, reviewer, othersProduct._id, 3, `${name} on another seller's game`);
      ctx.clock.advance(MINUTE_MS);
    }
    const hidden = written[0]!;
    const hide = await injectAs(ctx, admin, { method: 'PUT', url: `/api/review/${hidden._id}/hide`, payload: { reason: 'Spam link' } });
    expect(hide.statusCode).toBe(200);
    const market = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['products:read'])).token);

    const ids: string[] = [];
    const createdAt: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { data, response } = await market.GET('/api/v1/reviews', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
      expect(response.status).toBe(200);
      ids.push(...data!.data.map((item) => item.id));
      createdAt.push(...data!.data.map((item) => item.createdAt));
      cursor = data!.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    const first = (await market.GET('/api/v1/reviews', { params: { query: { limit: 1 } } })).data!.data[0];

    expect(pages).toBe(3);
    expect(ids.toSorted()).toEqual(
      written
        .slice(1)
        .map((item) => item._id)
        .toSorted(),
    );
    expect(createdAt).toEqual(createdAt.toSorted().toReversed());
    expect(first).toMatchObject({ productTitle: expect.any(String), reviewerName: 'Cy', verified: true, reply: null });
  });

  it('refuses the list without products:read and a reply without reviews:write, with 403 missing_scope naming the scope', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const written = await review(ctx, buyer, runner._id, 5, 'Great runner, clean code');
    const { token } = await createToken(ctx, seller, ['sales:read']);

    const list = await call(ctx, token, '/api/v1/reviews');
    const reply = await call(ctx, token, `/api/v1/reviews/${written._id}/reply`, { method: 'POST', payload: { text: 'Thanks!' } });

    expect([list.statusCode, reply.statusCode]).toEqual([403, 403]);
    expect([list.json(), reply.json()]).toEqual([
      { error: { code: 'missing_scope', message: 'This token lacks the scope products:read' } },
      { error: { code: 'missing_scope', message: 'This token lacks the scope reviews:write' } },
    ]);
  });

  it("posts the seller's reply with reviews:write, shown on the product's public reviews, and answers another seller's review 404", async () => {
    const { ctx, seller, buyer, runner, othersProduct } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id), singleLine(othersProduct._id)]);
    const own = await review(ctx, buyer, runner._id, 4, 'Builds at once');
    const others = await review(ctx, buyer, othersProduct._id, 2, 'Missing levels');
    const market = marketplaceClientOf(ctx.app, (await createToken(ctx, seller, ['reviews:write'])).token);
    const replyTo = (id: string, text: string) => market.POST('/api/v1/reviews/{id}/reply', { params: { path: { id } }, body: { text } });

    const replied = await replyTo(own._id, 'Thank you! Level packs are coming in 1.2.');
    const othersReply = await replyTo(others._id, 'Not mine to answer');
    const empty = await replyTo(own._id, '');
    const publicPage = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/review/product/${id}` }).then((answer) => answer.json() as ReviewPage);
    const [ownPage, othersPage] = await Promise.all([publicPage(runner._id), publicPage(othersProduct._id)]);

    expect(replied.response.status).toBe(200);
    expect(replied.data).toMatchObject({ id: own._id, reply: { text: 'Thank you! Level packs are coming in 1.2.' } });
    expect([othersReply.response.status, othersReply.error?.error.code]).toEqual([404, 'not_found']);
    expect([empty.response.status, empty.error?.error.code, empty.error?.error.field]).toEqual([400, 'invalid_request', 'text']);
    expect(ownPage.reviews[0]?.reply?.text).toBe('Thank you! Level packs are coming in 1.2.');
    expect(othersPage.reviews[0]?.reply).toBeNull();
  });
});

// ---- Products' and releases' writes (docs/decisions/0014) ----

const patchProduct = (ctx: CatalogueContext, token: string, productId: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/products/${productId}`, headers: { authorization: `Bearer ${token}` }, payload });

/** A release as a build pipeline sends it: text parts and a real ZIP archive. */
async function publishRelease(ctx: CatalogueContext, token: string, productId: string, fields: Record<string, string> = {}) {
  const zip = makeZip([
    { name: 'README.md', content: '# Space Runner 1.1.0' },
    { name: 'Assets/Scripts/Runner.cs', content: 'public class Runner { void Update() { } }' },
  ]);
  const { payload, headers } = await multipart({
    version: '1.1.0',
    changelog: '<p>Faster level loading</p>',
    engineVersion: 'Unity 2022.3',
    ...fields,
    sourceCode: { bytes: zip, name: 'space-runner.zip', type: 'application/zip' },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/releases`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}

describe("API v1 writes to the seller's products and releases", () => {
  it('refuses release creation to a token without releases:write with 403 missing_scope naming releases:write', async () => {
    const { ctx, seller, runner } = await shop();
    const { token } = await createToken(ctx, seller, ['products:read', 'products:write']);

    const response = await publishRelease(ctx, token, runner._id);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'missing_scope', message: 'This token lacks the scope releases:write' } });
  });

  it("publishes a real ZIP with releases:write as a Pending release in the admins' queue, listed with its analysis", async () => {
    const { ctx, seller, admin, runner } = await shop();
    const { token } = await createToken(ctx, seller, ['releases:write']);

    const created = await publishRelease(ctx, token, runner._id);
    await ctx.services.archives.idle();
    const listed = await call(ctx, token, `/api/v1/products/${runner._id}/releases`);
    const queue = (await injectAs(ctx, admin, { method: 'GET', url: '/api/product/releases/pending' })).json() as Release[];

    expect(created.statusCode).toBe(201);
    const release = created.json() as ApiV1Release;
    expect(release).toMatchObject({
      productId: runner._id,
      version: '1.1.0',
      changelog: '<p>Faster level loading</p>',
      engineVersion: 'Unity 2022.3',
      status: 'Pending',
      publishedAt: null,
      analysis: { status: 'analysing', reason: null },
    });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as ApiV1ReleaseList).data.map((entry) => [entry.id, entry.version, entry.status, entry.analysis.status])).toEqual(
      [
        [release.id, '1.1.0', 'Pending', 'ready'],
        [expect.any(String), '1.0.0', 'Approved', 'ready'],
      ],
    );
    expect(queue.map((entry) => [entry._id, entry.productId])).toEqual([[release.id, runner._id]]);
  });

  it('holds a products:write change to an approved product for an admin like a site edit, and sends a pending one back to review', async () => {
    const { ctx, seller, admin, runner } = await shop();
    const pending = await createProduct(ctx, seller, { title: JSON.stringify({ en: 'Tower Builder' }) });
    const { token } = await createToken(ctx, seller, ['products:write']);
    ctx.clock.advance(MINUTE_MS);

    const held = await patchProduct(ctx, token, runner._id, { title: { en: 'Space Runner Deluxe' }, singleAppLicenseCents: 3999 });
    const applied = await patchProduct(ctx, token, pending._id, { multiAppLicenseCents: 19900 });
    const publicRunner = (await injectAs(ctx, null, { method: 'GET', url: `/api/product/${runner._id}` })).json() as ProductDetail;
    const changes = (await injectAs(ctx, admin, { method: 'GET', url: '/api/product/pending-changes' })).json() as PendingChange[];

    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      id: runner._id,
      title: 'Space Runner',
      status: 'Approved',
      singleAppLicenseCents: 4999,
      pendingChangeAt: '2026-01-15T10:01:00.000Z',
    } satisfies Partial<ApiV1UpdatedProduct>);
    expect([publicRunner.title.en, publicRunner.singleAppLicense]).toEqual(['Space Runner', 49.99]);
    expect(
      changes.map((change) => [change.productId, change.fields.map((field) => `${field.field}: ${field.old} → ${field.new}`)]),
    ).toEqual([[runner._id, ['title.en: Space Runner → Space Runner Deluxe', 'singleAppLicense: 49.99 → 39.99']]]);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      id: pending._id,
      title: 'Tower Builder',
      status: 'Pending',
      multiAppLicenseCents: 19900,
      pendingChangeAt: null,
    } satisfies Partial<ApiV1UpdatedProduct>);
  });

  it("answers another seller's product 404 on a PATCH, a release and the release list, and changes nothing", async () => {
    const { ctx, seller, othersProduct } = await shop();
    const { token } = await createToken(ctx, seller, ['products:read', 'products:write', 'releases:write']);

    const answers = [
      await patchProduct(ctx, token, othersProduct._id, { singleAppLicenseCents: 100 }),
      await publishRelease(ctx, token, othersProduct._id),
      await call(ctx, token, `/api/v1/products/${othersProduct._id}/releases`),
    ];
    const theirs = (await injectAs(ctx, null, { method: 'GET', url: `/api/product/${othersProduct._id}` })).json() as ProductDetail;

    expect(answers.map((answer) => [answer.statusCode, (answer.json() as ApiV1Error).error.code])).toEqual([
      [404, 'not_found'],
      [404, 'not_found'],
      [404, 'not_found'],
    ]);
    expect(theirs.singleAppLicense).not.toBe(1);
  });

  it('answers bad input with 400 invalid_request naming the field at fault, an unknown field by its name', async () => {
    const { ctx, seller, runner } = await shop();
    const { token } = await createToken(ctx, seller, ['products:write', 'releases:write']);

    const answers = [
      await patchProduct(ctx, token, runner._id, { status: 'Approved' }),
      await patchProduct(ctx, token, runner._id, { singleAppLicenseCents: 12.5 }),
      await patchProduct(ctx, token, runner._id, { singleAppLicenseCents: 20000, multiAppLicenseCents: 10000 }),
      await publishRelease(ctx, token, runner._id, { version: '1.0.0' }),
      await publishRelease(ctx, token, runner._id, { version: 'next' }),
    ];

    expect(
      answers.map((answer) => [answer.statusCode, (answer.json() as ApiV1Error).error.code, (answer.json() as ApiV1Error).error.field]),
    ).toEqual([
      [400, 'invalid_request', 'status'],
      [400, 'invalid_request', 'singleAppLicenseCents'],
      [400, 'invalid_request', 'multiAppLicenseCents'],
      [400, 'invalid_request', 'version'],
      [400, 'invalid_request', 'version'],
    ]);
  });
});
