import { describe, expect, it } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { buildCatalogueApp, createApprovedProduct, createProduct } from '../../test/factories.js';

const HOUR = 60 * 60 * 1000;

describe('views', () => {
  it('counts one view per visitor and hour, keeps no address, and reports counts per product', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin);
    const view = (ip: string, agent = 'Firefox') =>
      ctx.app.inject({ method: 'POST', url: `/api/view/GameView/${product._id}`, remoteAddress: ip, headers: { 'user-agent': agent } });

    expect((await view('203.0.113.7')).json()).toEqual({ message: 'View recorded', counted: true });
    expect((await view('203.0.113.7')).json()).toEqual({ message: 'Already counted this hour', counted: false });
    expect((await view('203.0.113.7', 'Chrome')).json().counted).toBe(true);
    expect((await view('198.51.100.1')).json().counted).toBe(true);
    ctx.clock.advance(HOUR);
    expect((await view('203.0.113.7')).json().counted).toBe(true);

    const counts = await injectAs(ctx, null, { method: 'GET', url: '/api/view/getGameView' });
    expect(counts.json()).toEqual([{ productId: product._id, views: 4 }]);
    const stored = await ctx.db.selectFrom('product_views').select('visitor_key').execute();
    for (const row of stored) expect(row.visitor_key).not.toContain('203.0.113.7');
  });

  it('records views of approved products only', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const pending = await createProduct(ctx, seller);

    expect((await injectAs(ctx, null, { method: 'POST', url: `/api/view/GameView/${pending._id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, null, { method: 'POST', url: '/api/view/GameView/aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
  });

  it('limits how fast one address can send views', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createApprovedProduct(ctx, admin, admin);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: `/api/view/GameView/${product._id}`, headers: { 'user-agent': `bot ${i}` } }))
          .statusCode,
      );
    }

    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
