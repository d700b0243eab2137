import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildCatalogueApp, createApprovedProduct, titleJson } from '../test/factories.js';
import { buildTestApp, createUser, injectAs } from '../test/helper.js';

const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
const decoded = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  decoders[String(response.headers['content-encoding'])]!(response.rawPayload);

/** A built web app with one hashed script and its build-time twins. */
function webDistWithScript(script: string): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Marketplace</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  return webDist;
}

describe('compression', () => {
  it('serves a hashed asset brotli-compressed when asked, cached for a year as immutable', async () => {
    const script = `console.log(${JSON.stringify('the marketplace '.repeat(500))});`;
    const ctx = await buildTestApp({ WEB_DIST_DIR: webDistWithScript(script) });
    const asset = (acceptEncoding?: string) =>
      ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const brotli = await asset('gzip, deflate, br');
    const gzip = await asset('gzip');
    const plain = await asset();

    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.rawPayload.equals(brotliCompressSync(script))).toBe(true); // the build's twin, not compressed again per request
    expect(decoded(brotli).toString()).toBe(script);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html uncached so a new build is picked up at once', async () => {
    const ctx = await buildTestApp({ WEB_DIST_DIR: webDistWithScript('console.log(1)') });
    const page = await ctx.app.inject({ method: 'GET', url: '/about-us', headers: { 'accept-encoding': 'br' } });

    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a list of products as the client accepts, to the very bytes of the uncompressed answer', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    for (const title of ['Knight Quest', 'Space Miner', 'Puzzle Garden', 'Road Racer']) {
      await createApprovedProduct(ctx, admin, admin, { title: titleJson({ en: title }) });
    }
    const list = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/product/uploaded-products',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const plain = await list();
    const brotli = await list('gzip, br');
    const gzip = await list('gzip');
    const brotliAgain = await list('br');

    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(decoded(brotli).equals(plain.rawPayload)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(plain.rawPayload)).toBe(true);
    expect(brotliAgain.rawPayload.equals(brotli.rawPayload)).toBe(true);
  });

  it('compresses a signed-in answer, which is not kept, in the same way', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    for (const title of ['Knight Quest', 'Space Miner', 'Puzzle Garden', 'Road Racer']) {
      await createApprovedProduct(ctx, admin, admin, { title: titleJson({ en: title }) });
    }
    const plain = await injectAs(ctx, admin, { method: 'GET', url: '/api/product/uploaded-products' });
    const gzip = await injectAs(ctx, admin, {
      method: 'GET',
      url: '/api/product/uploaded-products',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves a small answer as it is', async () => {
    const ctx = await buildTestApp();
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });

    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok', database: ctx.dialect });
  });

  it('reads a request body sent gzip-compressed and refuses one in an encoding it cannot read', async () => {
    const ctx = await buildTestApp();
    const message = { name: 'Dana Studio', email: 'dana@studio.example', companyName: 'Dana Games Ltd', message: 'A port, please.' };

    const compressed = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(message)),
    });
    const unknownEncoding = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      payload: JSON.stringify(message),
    });

    expect(compressed.statusCode).toBeLessThan(300);
    expect(unknownEncoding.statusCode).toBe(415);
  });
});
