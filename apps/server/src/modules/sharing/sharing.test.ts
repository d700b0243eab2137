import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { buildCatalogueApp, createProduct, titleJson } from '../../test/factories.js';

function builtWebApp(): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8"><title>Marketplace</title></head><body><div id="root"></div></body></html>',
  );
  return webDist;
}

describe('sharing', () => {
  it('answers /downloads/{title} with the app and the product’s title, description and image in the head, escaped', async () => {
    const ctx = await buildCatalogueApp({ WEB_DIST_DIR: builtWebApp(), PUBLIC_URL: 'https://market.example' });
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin, {
      title: titleJson({ en: 'Tom & Jerry "Chase"' }),
      description: JSON.stringify({ en: '<p>Run <b>fast</b> &amp; <i>far</i></p><script>alert(1)</script>' }),
    });

    const page = await injectAs(ctx, null, { method: 'GET', url: `/downloads/${encodeURIComponent(product.slug)}` });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<title>Tom &#38; Jerry &#34;Chase&#34;</title>');
    expect(page.body).toContain('<meta property="og:title" content="Tom &#38; Jerry &#34;Chase&#34;">');
    expect(page.body).toContain('<meta property="og:description" content="Run fast &#38; far">');
    expect(page.body).toContain(`<meta property="og:image" content="https://market.example${product.featureImg}">`);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
  });

  it('answers an unknown or unapproved product page with the plain app', async () => {
    const ctx = await buildCatalogueApp({ WEB_DIST_DIR: builtWebApp() });
    const seller = await createUser(ctx);
    await createProduct(ctx, seller, { title: titleJson({ en: 'Secret Thing' }) });

    const page = await injectAs(ctx, null, { method: 'GET', url: '/downloads/Secret-Thing' });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Marketplace</title>');
    expect(page.body).not.toContain('Secret');
  });

  it('lists approved products in /sitemap.xml and points robots.txt at it', async () => {
    const ctx = await buildCatalogueApp({ PUBLIC_URL: 'https://market.example' });
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    await createProduct(ctx, admin, { title: titleJson({ en: 'Space Runner' }) });
    await createProduct(ctx, seller, { title: titleJson({ en: 'Not Yet' }) });

    const sitemap = await injectAs(ctx, null, { method: 'GET', url: '/sitemap.xml' });
    const robots = await injectAs(ctx, null, { method: 'GET', url: '/robots.txt' });

    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://market.example/downloads/Space-Runner</loc>');
    expect(sitemap.body).not.toContain('Not-Yet');
    expect(robots.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /adminPanel\nDisallow: /userPanel\nDisallow: /api\nSitemap: https://market.example/sitemap.xml\n',
    );
  });
});
