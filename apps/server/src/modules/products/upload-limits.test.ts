import { describe, expect, it } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { buildCatalogueApp, createProduct, filesIn, productFields, productFiles, sendProductForm, tinyZip } from '../../test/factories.js';

const KB = 1024;
/** A ZIP as far as the upload check goes (its first bytes), padded to about `bytes`. */
const zipOfSize = (bytes: number) => {
  const zip = tinyZip();
  return Buffer.concat([zip, Buffer.alloc(Math.max(0, bytes - zip.length))]);
};
const archive = (bytes: number) => ({ sourceCode: { bytes: zipOfSize(bytes), name: 'game.zip', type: 'application/zip' } });
const privateFiles = (dataDir: string) => filesIn(dataDir).filter((file) => file.startsWith('private/'));
const QUOTA_100_KB = String(100 / 1024);

describe('upload quota (UPLOAD_QUOTA_MB)', () => {
  it('refuses an archive that would take a seller past the quota with 413 and keeps nothing of it', async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_QUOTA_MB: QUOTA_100_KB });
    const seller = await createUser(ctx);
    await createProduct(ctx, seller, {}, archive(60 * KB));

    const response = await sendProductForm(ctx, seller, {
      ...productFields({ title: JSON.stringify({ en: 'Second Game' }) }),
      ...(await productFiles()),
      ...archive(60 * KB),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(
      /^Your storage quota of 0\.1 MB is too small for this archive: your products keep 0\.06 MB of source code and this archive is 0\.06 MB\.$/,
    );
    expect(privateFiles(ctx.dataDir)).toHaveLength(1);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toHaveLength(1);
  });

  it('refuses a full seller before reading the upload, and counts only that seller', async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_QUOTA_MB: QUOTA_100_KB });
    const seller = await createUser(ctx);
    const otherSeller = await createUser(ctx);
    await createProduct(ctx, seller, {}, archive(100 * KB));

    const refused = await sendProductForm(ctx, seller, {
      ...productFields({ title: JSON.stringify({ en: 'More' }) }),
      ...(await productFiles()),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toContain('is used up');
    const accepted = await sendProductForm(ctx, otherSeller, {
      ...productFields({ title: JSON.stringify({ en: 'Theirs' }) }),
      ...(await productFiles()),
      ...archive(60 * KB),
    });
    expect(accepted.statusCode).toBe(201);
  });

  it("counts every release of a seller's products, and refuses a new version past the quota with nothing kept", async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_QUOTA_MB: QUOTA_100_KB });
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller, {}, archive(40 * KB));
    // Approved, so a new version adds to what it keeps (under review, it would replace the archive).
    const admin = await createUser(ctx, { role: 'Admin' });
    expect((await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${product._id}` })).statusCode).toBe(200);
    const release = (version: string, bytes: number) =>
      sendProductForm(
        ctx,
        seller,
        { version, changelog: '<p>Fixes</p>', ...archive(bytes) },
        { method: 'POST', url: `/api/product/${product._id}/releases` },
      );

    expect((await release('1.1.0', 40 * KB)).statusCode).toBe(201);
    const refused = await release('1.2.0', 40 * KB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toContain('your products keep 0.08 MB of source code');
    expect(privateFiles(ctx.dataDir)).toHaveLength(2);
  });

  it('exempts admins', async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_QUOTA_MB: QUOTA_100_KB });
    const admin = await createUser(ctx, { role: 'Admin' });
    await createProduct(ctx, admin, {}, archive(80 * KB));

    const response = await sendProductForm(ctx, admin, {
      ...productFields({ title: JSON.stringify({ en: 'Admin Two' }) }),
      ...(await productFiles()),
      ...archive(80 * KB),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('upload rate limit (UPLOAD_RATE_LIMIT_PER_HOUR)', () => {
  it('answers the upload past the hourly limit with 429 and when to try again, and frees a slot an hour later', async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_RATE_LIMIT_PER_HOUR: '2' });
    const seller = await createUser(ctx);
    await createProduct(ctx, seller, { title: JSON.stringify({ en: 'One' }) });
    ctx.clock.advance(10 * 60_000);
    await createProduct(ctx, seller, { title: JSON.stringify({ en: 'Two' }) });

    const third = await sendProductForm(ctx, seller, {
      ...productFields({ title: JSON.stringify({ en: 'Three' }) }),
      ...(await productFiles()),
    });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('You can upload 2 products an hour; try again in 50 minutes.');
    expect(privateFiles(ctx.dataDir)).toHaveLength(2);

    ctx.clock.advance(50 * 60_000);
    const later = await sendProductForm(ctx, seller, {
      ...productFields({ title: JSON.stringify({ en: 'Three' }) }),
      ...(await productFiles()),
    });
    expect(later.statusCode).toBe(201);
  });

  it('does not count an upload that failed half-way', async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_RATE_LIMIT_PER_HOUR: '1' });
    const seller = await createUser(ctx);
    const { sourceCode: _left, ...withoutArchive } = await productFiles();
    const failed = await sendProductForm(ctx, seller, { ...productFields(), ...withoutArchive });
    expect(failed.statusCode).toBe(400);

    const next = await sendProductForm(ctx, seller, { ...productFields(), ...(await productFiles()) });
    expect(next.statusCode).toBe(201);
  });

  it('exempts admins', async () => {
    const ctx = await buildCatalogueApp({ UPLOAD_RATE_LIMIT_PER_HOUR: '1' });
    const admin = await createUser(ctx, { role: 'Admin' });
    await createProduct(ctx, admin, { title: JSON.stringify({ en: 'One' }) });
    const second = await sendProductForm(ctx, admin, {
      ...productFields({ title: JSON.stringify({ en: 'Two' }) }),
      ...(await productFiles()),
    });
    expect(second.statusCode).toBe(201);
  });
});
