import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { buildCatalogueApp, createProduct, filesIn, tinyZip } from '../../test/factories.js';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from '../../test/s3-server.js';

const BUCKET = 'marketplace-app-test';

describe('uploads kept in an S3 bucket (S3_BUCKET set)', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
  });
  afterAll(() => s3.stop());

  it('stores a product’s images and source archive in the bucket, none on local disk, and serves both back', async () => {
    const prefix = `app-${randomBytes(4).toString('hex')}/`;
    const ctx = await buildCatalogueApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      S3_PREFIX: prefix,
    });
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin);

    expect(filesIn(ctx.dataDir)).toEqual([]);
    const objects = await s3.list(prefix);
    expect(objects.filter((name) => name.startsWith(`${prefix}private/`))).toHaveLength(1);
    expect(objects.filter((name) => name.startsWith(`${prefix}images/`)).length).toBeGreaterThanOrEqual(3);

    const thumbnail = await ctx.app.inject({ method: 'GET', url: new URL(product.thumbnail, 'http://localhost').pathname });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const source = await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${product._id}/source-code` });
    expect(source.statusCode).toBe(200);
    expect(source.rawPayload.equals(tinyZip())).toBe(true);
  });
});
