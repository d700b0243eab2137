import { describe, expect, it } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import {
  buildCatalogueApp,
  createProduct,
  filesIn,
  pngImage,
  productFields,
  productFiles,
  sendProductForm,
  tinyZip,
} from '../../test/factories.js';

describe('POST /api/product/uploadProduct', () => {
  it('stores a User’s upload as Pending even when the form claims Approved, owned by the signed-in user', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const other = await createUser(ctx);
    const response = await sendProductForm(ctx, seller, {
      ...productFields({ status: 'Approved', userId: other._id }),
      ...(await productFiles()),
    });

    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({
      status: 'Pending',
      userId: { _id: seller._id, name: seller.name },
      title: { en: 'Space Runner' },
      slug: 'Space-Runner',
      keywords: { en: ['runner', 'space'] },
      singleAppLicense: 49.99,
      multiAppLicense: 149,
      reskinPrice: 99,
      developmentHours: 120,
      frameWork: 'Unity',
      latestRelease: { version: '1.0.0', publishedAt: '2026-01-15T10:00:00.000Z' },
      sourceCodeUrl: `/api/product/${product._id}/source-code`,
    });
    expect(product.screenshots).toHaveLength(1);
    const stored = await ctx.db
      .selectFrom('products')
      .select(['status', 'user_id'])
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'Pending', user_id: seller._id });
  });

  it('approves an admin’s upload at once', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin, { status: 'Pending' });

    expect(product.status).toBe('Approved');
  });

  it('answers a visitor with 401 and stores nothing', async () => {
    const ctx = await buildCatalogueApp();
    const response = await sendProductForm(ctx, null, { ...productFields(), ...(await productFiles()) });

    expect(response.statusCode).toBe(401);
    expect(filesIn(ctx.dataDir)).toEqual([]);
  });

  it('re-encodes images as WebP at the displayed widths and serves them with a year of caching', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);

    const feature = await injectAs(ctx, null, { method: 'GET', url: product.featureImg });
    expect(feature.statusCode).toBe(200);
    expect(feature.headers['content-type']).toBe('image/webp');
    expect(feature.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(feature.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280 });
    expect(meta.exif).toBeUndefined();
    const thumbnail = await injectAs(ctx, null, { method: 'GET', url: product.thumbnail });
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(64);
    expect(filesIn(ctx.dataDir).filter((file) => file.startsWith('images/'))).toHaveLength(3);
    expect(filesIn(ctx.dataDir).filter((file) => file.startsWith('private/'))).toHaveLength(1);
  });

  it('splits comma-separated keywords per language and trims them', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller, {
      title: JSON.stringify({ en: 'Word Quest', fr: 'Quête des mots' }),
      keywords: JSON.stringify({ en: ' word ,  puzzle,,brain ', fr: ['mots', ' énigme '] }),
    });

    expect(product.keywords).toEqual({ en: ['word', 'puzzle', 'brain'], fr: ['mots', 'énigme'] });
    expect(product.title).toEqual({ en: 'Word Quest', fr: 'Quête des mots' });
  });

  it('strips script from every rich-text field before storing it', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const evil =
      '<p onclick="steal()">Safe <a href="javascript:alert(1)">link</a><a href="https://ok.example">ok</a></p><script>alert(1)</script><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)"><style>p{}</style>';
    const product = await createProduct(ctx, seller, {
      description: JSON.stringify({ en: evil, es: `<p>Hola</p>${evil}` }),
      features: evil,
      reskinFeatures: evil,
    });

    for (const html of [product.description.en, product.description.es, product.features, product.reskinFeatures]) {
      expect(html).toContain('Safe');
      expect(html).toContain('<a href="https://ok.example">ok</a>');
      expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:|<style/i);
    }
    const stored = await ctx.db
      .selectFrom('product_translations')
      .select('description_html')
      .where('product_id', '=', product._id)
      .execute();
    for (const row of stored) expect(row.description_html).not.toMatch(/script|onclick/i);
  });

  it.each([
    ['no thumbnail', { thumbnail: undefined }, 400, 'Thumbnail is required'],
    ['no feature image', { featureImg: undefined }, 400, 'Feature image is required'],
    ['no source code', { sourceCode: undefined }, 400, 'Source code is required'],
    [
      'a PHP script renamed .png',
      { thumbnail: { bytes: Buffer.from('<?php system($_GET["c"]); ?>'), name: 'shell.png', type: 'image/png' } },
      400,
      'Thumbnail must be a PNG, JPEG, WebP or GIF image',
    ],
    [
      'an SVG with script',
      {
        featureImg: {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          name: 'x.svg',
          type: 'image/svg+xml',
        },
      },
      400,
      'Feature image must be a PNG, JPEG, WebP or GIF image',
    ],
    [
      'a PNG header on garbage',
      { screenshots: [{ bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]) }] },
      400,
      'Screenshot must be a PNG, JPEG, WebP or GIF image',
    ],
    [
      'a source that is not a zip',
      { sourceCode: { bytes: Buffer.from('Rar!\u001a\u0007\u0000 not a zip at all'), name: 'game.zip' } },
      400,
      'Source code must be a .zip archive',
    ],
    [
      'an oversize image',
      { thumbnail: { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(8 * 1024 * 1024)]) } },
      413,
      'Thumbnail is larger than 8 MB',
    ],
    [
      'an oversize source archive',
      { sourceCode: { bytes: Buffer.concat([tinyZip(), Buffer.alloc(300 * 1024)]) } },
      413,
      'Source code is larger than 0.25 MB',
    ],
  ])('refuses %s with a message and leaves no file behind', async (_case, files, status, message) => {
    const ctx = await buildCatalogueApp({ SOURCE_MAX_MB: '0.25' });
    const seller = await createUser(ctx);
    const response = await sendProductForm(ctx, seller, { ...productFields(), ...(await productFiles()), ...files });

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(filesIn(ctx.dataDir)).toEqual([]);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toEqual([]);
  });

  it.each([
    ['a missing type', { type: undefined }, 'Type is required', null],
    ['a missing author', { authorName: ' ' }, 'Author studio name is required', null],
    ['a missing live preview', { livePreview: undefined }, 'Live preview is required', null],
    ['no English title', { title: JSON.stringify({ fr: 'Bonjour' }) }, 'Enter the English title', 'title'],
    ['an unknown category', { category: 'Windows' }, 'Category: Invalid option: expected one of "Android"|"IOS"|"Unity"', 'category'],
    ['a negative price', { singleAppLicense: '-5' }, 'The price must be more than 0', 'singleAppLicense'],
    [
      'negative development hours',
      { developmentHours: '-1' },
      'Development hours must be a whole number from 0 to 100,000',
      'developmentHours',
    ],
    [
      'a Multi App price below the Single',
      { singleAppLicense: '50', multiAppLicense: '40' },
      'The Multi App License price must be at least the Single App License price',
      'multiAppLicense',
    ],
    ['features that are only script', { features: '<script>alert(1)</script>' }, 'Describe the features', null],
  ])(
    'refuses %s with a message naming its field, after the files were already read, and cleans them up',
    async (_case, fields, message, field) => {
      const ctx = await buildCatalogueApp();
      const seller = await createUser(ctx);
      const response = await sendProductForm(ctx, seller, { ...(await productFiles()), ...productFields(fields) });

      expect(response.statusCode).toBe(400);
      // The contract's schema refuses a field as the route schemas do: the form can mark it.
      expect(response.json()).toEqual(field ? { message, errors: [{ field, message }] } : { message });
      expect(filesIn(ctx.dataDir)).toEqual([]);
    },
  );

  it('refuses more screenshots than allowed', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const shot = { bytes: await pngImage(8, 8) };
    const response = await sendProductForm(ctx, seller, {
      ...productFields(),
      ...(await productFiles()),
      screenshots: Array.from({ length: 11 }, () => shot),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Send at most 10 screenshots');
    expect(filesIn(ctx.dataDir)).toEqual([]);
  });
});

describe('PUT /api/product/editProduct/:id', () => {
  it('lets the owner change fields and replace an image; the old file is deleted; a User’s edit of a rejected product goes back to Pending', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, seller);
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/reject-product/${product._id}` });
    const before = filesIn(ctx.dataDir);

    const response = await sendProductForm(
      ctx,
      seller,
      { title: JSON.stringify({ en: 'Space Runner 2' }), singleAppLicense: '19.5', thumbnail: { bytes: await pngImage(30, 30) } },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );

    expect(response.statusCode).toBe(200);
    const edited = response.json();
    expect(edited).toMatchObject({
      title: { en: 'Space Runner 2' },
      slug: 'Space-Runner-2',
      singleAppLicense: 19.5,
      multiAppLicense: 149,
      status: 'Pending',
      keywords: { en: ['runner', 'space'] },
    });
    expect(edited.thumbnail).not.toBe(product.thumbnail);
    expect(edited.featureImg).toBe(product.featureImg);
    const after = filesIn(ctx.dataDir);
    expect(after).toHaveLength(before.length);
    expect(after).not.toContain(`images/${product.thumbnail.split('/').pop()}`);
  });

  it('keeps an admin’s edit of an approved product approved', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin);
    const response = await sendProductForm(
      ctx,
      admin,
      { frameWork: 'Godot' },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ frameWork: 'Godot', status: 'Approved' });
  });

  it('answers 403 to a user who does not own the product, 404 for an unknown one, 401 for a visitor, and stores nothing', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const stranger = await createUser(ctx);
    const product = await createProduct(ctx, seller);
    const before = filesIn(ctx.dataDir);
    const edit = async (user: typeof seller | null, id: string) =>
      sendProductForm(
        ctx,
        user,
        { title: JSON.stringify({ en: 'Mine now' }), thumbnail: { bytes: await pngImage() } },
        { method: 'PUT', url: `/api/product/editProduct/${id}` },
      );

    const forbidden = await edit(stranger, product._id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only the owner or an admin can edit this product');
    expect((await edit(stranger, 'aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
    expect((await edit(null, product._id)).statusCode).toBe(401);
    expect(filesIn(ctx.dataDir)).toEqual(before);
    const again = await injectAs(ctx, seller, { method: 'GET', url: `/api/product/${product._id}` });
    expect(again.json().title).toEqual({ en: 'Space Runner' });
  });

  it('keeps the old files when the edit is refused', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);
    const before = filesIn(ctx.dataDir);
    const response = await sendProductForm(
      ctx,
      seller,
      { singleAppLicense: 'free', thumbnail: { bytes: await pngImage() } },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );

    expect(response.statusCode).toBe(400);
    expect(filesIn(ctx.dataDir)).toEqual(before);
  });
});
