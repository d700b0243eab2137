import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { buildCatalogueApp, createProduct } from '../../test/factories.js';

describe('narrower copies of product images', () => {
  it('serves a stored feature image 800 px wide as WebP when srcset asks for it, cacheable for a year', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);

    const stored = await injectAs(ctx, null, { method: 'GET', url: product.featureImg });
    const copy = await injectAs(ctx, null, { method: 'GET', url: `${product.featureImg}?w=800` });
    const again = await injectAs(ctx, null, { method: 'GET', url: `${product.featureImg}?w=800` });

    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(1280);
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 450 });
    expect(copy.rawPayload.length).toBeLessThan(stored.rawPayload.length);
    expect(again.rawPayload.equals(copy.rawPayload)).toBe(true);
  });

  it('never makes an image wider than it is stored', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);

    const copy = await injectAs(ctx, null, { method: 'GET', url: `${product.thumbnail}?w=800` });

    expect((await sharp(copy.rawPayload).metadata()).width).toBeLessThanOrEqual(480);
  });

  it('refuses any other width, and answers 404 for a copy of an image that does not exist', async () => {
    const ctx = await buildCatalogueApp();

    const odd = await injectAs(ctx, null, { method: 'GET', url: `/files/images/${'a'.repeat(32)}.webp?w=500` });
    const missing = await injectAs(ctx, null, { method: 'GET', url: `/files/images/${'a'.repeat(32)}.webp?w=320` });

    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ message: 'w must be one of 320, 800' });
    expect(missing.statusCode).toBe(404);
  });
});
