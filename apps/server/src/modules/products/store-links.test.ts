import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/helper.js';
import { buildCatalogueApp, createProduct, filesIn, productFields, productFiles, sendProductForm } from '../../test/factories.js';

const GOOGLE_PLAY = 'Enter a Google Play app address (https://play.google.com/store/apps/details?id=…)';
const APP_STORE = 'Enter an App Store app address (https://apps.apple.com/…/app/…/id…)';
const LIVE_PREVIEW = 'Enter a live preview address that starts with https://';

describe('store and preview links of an upload or an edit', () => {
  it.each([
    ['a Google Play link to another host', { googlePlayLink: 'https://evil.example/store/apps/details?id=com.example.demo' }, GOOGLE_PLAY],
    ['a Google Play link that is no app page', { googlePlayLink: 'https://play.google.com/store/search?q=runner' }, GOOGLE_PLAY],
    ['a malformed Google Play link', { googlePlayLink: 'not a link' }, 'Google Play link: Invalid URL'],
    [
      'an App Store link to another host',
      { appStoreLink: 'https://apps.apple.com.evil.example/us/app/space-runner/id1234567890' },
      APP_STORE,
    ],
    ['a malformed App Store link', { appStoreLink: 'apps.apple.com/app/id1' }, 'App Store link: Invalid URL'],
    ['a plain http live preview', { livePreview: 'http://example.com/preview' }, LIVE_PREVIEW],
    ['a javascript: live preview', { livePreview: 'javascript:alert(1)' }, LIVE_PREVIEW],
    ['a malformed live preview', { livePreview: 'example.com' }, 'Live preview: Invalid URL'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, fields, message) => {
    const [field] = Object.keys(fields);
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);

    const response = await sendProductForm(ctx, seller, { ...productFields(fields), ...(await productFiles()) });

    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { message, errors: [{ field, message }] },
    });
    expect(filesIn(ctx.dataDir)).toEqual([]);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toEqual([]);
  });

  it('refuses the same links on an edit and keeps the stored ones', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);

    const response = await sendProductForm(
      ctx,
      seller,
      { googlePlayLink: 'https://play.google.com.evil.example/store/apps/details?id=x.y' },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );

    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { message: GOOGLE_PLAY, errors: [{ field: 'googlePlayLink', message: GOOGLE_PLAY }] },
    });
    const row = await ctx.db.selectFrom('products').select('google_play_link').executeTakeFirstOrThrow();
    expect(row.google_play_link).toBe(product.googlePlayLink);
  });

  it('accepts store app pages, an https preview, and empty optional links', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);

    const product = await createProduct(ctx, seller, {
      googlePlayLink: 'https://play.google.com/store/apps/details?id=com.pixelforge.spacerunner&hl=en',
      appStoreLink: 'https://apps.apple.com/us/app/space-runner/id1234567890',
      livePreview: 'https://pixelforge.itch.io/space-runner',
    });
    const bare = await createProduct(ctx, seller, { title: JSON.stringify({ en: 'Bare Runner' }), googlePlayLink: '', appStoreLink: '' });

    expect(product).toMatchObject({
      appStoreLink: 'https://apps.apple.com/us/app/space-runner/id1234567890',
      livePreview: 'https://pixelforge.itch.io/space-runner',
    });
    expect(bare).toMatchObject({ googlePlayLink: null, appStoreLink: null });
  });
});
