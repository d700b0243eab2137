import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProductDetail } from '@market/contracts';
import sharp from 'sharp';
import { onTestFinished } from 'vitest';
import { newId } from '../platform/ids.js';
import { storeSales } from './sales.js';
import { makeZip } from '@market/sample-archives';
import { buildTestApp, buildTwoTestApps, createUser, injectAs, type TestContext, type TestUser } from './helper.js';

/** The app with a data folder of its own, removed when the test ends. */
export async function buildCatalogueApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-data-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  const ctx = await buildTestApp({ DATA_DIR: dataDir, ...env });
  return { ...ctx, dataDir };
}

export type CatalogueContext = Awaited<ReturnType<typeof buildCatalogueApp>>;

/** Two instances over one database and one data folder, as behind a load balancer. */
export async function buildTwoCatalogueApps(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-data-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return buildTwoTestApps({ DATA_DIR: dataDir, ...env });
}

/** Every file under the data folder, relative to it. */
export function filesIn(dataDir: string): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export function pngImage(width = 64, height = 40, color = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function jpegImage(width = 64, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

export const tinyZip = () =>
  makeZip([
    { name: 'README.md', content: '# Demo game\n' },
    { name: 'src/main.js', content: 'console.log("play")\n' },
  ]);

export interface FilePart {
  bytes: Buffer;
  name?: string;
  type?: string;
}

export type FormParts = Record<string, string | FilePart | FilePart[] | undefined>;

/** The text fields of a valid upload, as a client written to docs/product-spec.md sends them. */
export function productFields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    type: 'Games',
    title: JSON.stringify({ en: 'Space Runner' }),
    description: JSON.stringify({ en: '<p>An endless runner in space.</p>' }),
    keywords: JSON.stringify({ en: 'runner, space' }),
    userId: 'ignored',
    status: 'Pending',
    category: 'Android',
    subCategory: 'Arcades',
    features: '<p>Levels, shop, ads</p>',
    frameWork: 'Unity',
    youtubeLink: '',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.pixelforge.spacerunner',
    appStoreLink: '',
    singleAppLicense: '49.99',
    multiAppLicense: '149',
    developmentHours: '120',
    authorName: 'Pixel Forge',
    livePreview: 'https://example.com/preview',
    reskinFeatures: '<p>New art</p>',
    reskinPrice: '99',
    ...overrides,
  };
}

/** The files of a valid upload. */
export async function productFiles(): Promise<FormParts> {
  return {
    featureImg: { bytes: await pngImage(1600, 900), name: 'feature.png', type: 'image/png' },
    thumbnail: { bytes: await jpegImage(), name: 'thumb.jpg', type: 'image/jpeg' },
    screenshots: [{ bytes: await pngImage(), name: 'shot1.png' }],
    sourceCode: { bytes: tinyZip(), name: 'game.zip', type: 'application/zip' },
  };
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(parts: FormParts): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      form.append(name, value);
      continue;
    }
    for (const file of [value].flat()) {
      form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'file.bin');
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export async function sendProductForm(
  ctx: TestContext,
  user: TestUser | null,
  parts: FormParts,
  target: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/api/product/uploadProduct' },
) {
  const { payload, headers } = await multipart(parts);
  return injectAs(ctx, user, { ...target, payload, headers });
}

/** A product uploaded through the real route; `files` replaces the default files. */
export async function createProduct(
  ctx: TestContext,
  owner: TestUser,
  fields: Record<string, string | undefined> = {},
  files: Partial<FormParts> = {},
): Promise<ProductDetail> {
  const response = await sendProductForm(ctx, owner, { ...productFields(fields), ...(await productFiles()), ...files });
  if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as ProductDetail;
}

/** An approved product owned by `owner` (approved by `admin` when the owner is a User). */
export async function createApprovedProduct(
  ctx: TestContext,
  owner: TestUser,
  admin: TestUser,
  fields: Record<string, string | undefined> = {},
) {
  const product = await createProduct(ctx, owner, fields);
  if (product.status !== 'Approved') {
    const response = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${product._id}` });
    if (response.statusCode !== 200) throw new Error(`Approve failed: ${response.body}`);
  }
  return product;
}

export const titleJson = (titles: Record<string, string>) => JSON.stringify(titles);

/** A paid purchase of the products at the given time, each line a Single App License at $1. */
export async function recordSale(ctx: TestContext, buyerId: string, productIds: string[], at: Date): Promise<void> {
  await storeSales(ctx, [
    { orderId: newId(), buyerId, provider: 'test', lines: productIds.map((productId) => ({ productId, priceCents: 100 })), at },
  ]);
}

/**
 * `count` buyers of the product, each with a paid purchase of a Single App License, written
 * straight to the database in a few statements (signing up a thousand users through the API
 * would take minutes). Answers their ids.
 */
export async function insertBuyers(ctx: TestContext, productId: string, count: number, at: Date): Promise<string[]> {
  const ids: string[] = [];
  const time = at.toISOString();
  for (let start = 0; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, (_, index) => {
      const id = newId();
      ids.push(id);
      return { id, number: start + index };
    });
    await ctx.db
      .insertInto('users')
      .values(
        batch.map(({ id, number }) => ({
          id,
          name: `Buyer ${number}`,
          email: `buyer${number}.${id}@example.com`,
          email_key: `buyer${number}.${id}@example.com`,
          number: '+1 555 0100',
          password_hash: '!',
          role: 'User' as const,
          created_at: time,
        })),
      )
      .execute();
    await storeSales(
      ctx,
      batch.map(({ id }) => ({ orderId: newId(), buyerId: id, provider: 'test', lines: [{ productId, priceCents: 100 }], at })),
    );
  }
  return ids;
}

/**
 * The cast the money tests share: an admin, the seller Pixel Forge with two approved products at
 * $49.99 (Single) and $149 (Multi), Space Runner and Block Puzzle, and the buyer Jamie.
 */
export async function sellerWithTwoProducts(ctx: TestContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const prices = { singleAppLicense: '49.99', multiAppLicense: '149' };
  const runner = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Space Runner' }), ...prices });
  const puzzle = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Block Puzzle' }), ...prices });
  return { admin, seller, buyer, runner, puzzle };
}
