import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { migratorFor } from '../../db/migrate.js';
import {
  buildCatalogueApp,
  createApprovedProduct,
  createProduct,
  multipart,
  titleJson,
  type CatalogueContext,
} from '../../test/factories.js';

const search = async (ctx: CatalogueContext, q: string, limit?: number) => {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await injectAs(ctx, null, { method: 'GET', url: `/api/product/search?${query}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ title: { en: string } }>).map((product) => product.title.en);
};

/** A LibreTranslate look-alike on a free local port; `answer` decides what it says. */
async function fakeTranslator(
  answer: (body: { q: string; source: string; target: string; format: string }) => { status: number; body: unknown } | 'hang',
) {
  const requests: unknown[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw);
      requests.push(body);
      const reply = answer(body);
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/translate`, requests };
}

describe('GET /api/product/search', () => {
  it('finds approved products by a title in any language, a keyword or description text, any letter case, by word prefix', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    await createProduct(ctx, admin, {
      title: titleJson({ en: 'Galaxy Racer', es: 'Carrera Galáctica', ja: '銀河レーサー' }),
      keywords: '{}',
      description: '{}',
    });
    await createProduct(ctx, admin, {
      title: titleJson({ en: 'Farm Life' }),
      keywords: JSON.stringify({ en: 'tractor, harvest' }),
      description: '{}',
    });
    await createProduct(ctx, admin, {
      title: titleJson({ en: 'Quiet Notes' }),
      keywords: '{}',
      description: JSON.stringify({ en: '<p>A <strong>minimalist</strong> notebook&nbsp;app</p>' }),
    });
    await createProduct(ctx, seller, { title: titleJson({ en: 'Secret Galaxy' }), keywords: '{}', description: '{}' });

    expect(await search(ctx, 'carrera')).toEqual(['Galaxy Racer']);
    expect(await search(ctx, 'GALÁCTICA')).toEqual(['Galaxy Racer']);
    expect(await search(ctx, '銀河レーサー')).toEqual(['Galaxy Racer']);
    expect(await search(ctx, 'tract')).toEqual(['Farm Life']);
    expect(await search(ctx, 'Minimalist notebook')).toEqual(['Quiet Notes']);
    expect(await search(ctx, 'galaxy')).toEqual(['Galaxy Racer']);
    expect(await search(ctx, 'strong')).toEqual([]);
    expect(await search(ctx, '   ')).toEqual([]);
    expect(await search(ctx, '"* OR (')).toEqual([]);
  });

  it('answers at most 6 products, fewer when asked, and refuses more than 6', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    for (let i = 1; i <= 8; i += 1) await createProduct(ctx, admin, { title: titleJson({ en: `Puzzle Box ${i}` }) });

    expect(await search(ctx, 'puzzle')).toHaveLength(6);
    expect(await search(ctx, 'puzzle', 2)).toHaveLength(2);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/search?q=puzzle&limit=7' })).statusCode).toBe(400);
  });

  it('keeps the index in step with edits and deletes', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin, { title: titleJson({ en: 'Alpha Game' }) });
    const { payload, headers } = await multipart({ title: titleJson({ en: 'Omega Game' }) });
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/editProduct/${product._id}`, payload, headers });

    expect(await search(ctx, 'alpha')).toEqual([]);
    expect(await search(ctx, 'omega')).toEqual(['Omega Game']);
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${product._id}` });
    expect(await search(ctx, 'omega')).toEqual([]);
  });

  it('translates the search text to English first with TRANSLATE_URL, and still matches the text as typed', async () => {
    const translator = await fakeTranslator(({ q }) => ({ status: 200, body: { translatedText: q === 'voiture' ? 'car' : q } }));
    const ctx = await buildCatalogueApp({ TRANSLATE_URL: translator.url });
    const admin = await createUser(ctx, { role: 'Admin' });
    await createProduct(ctx, admin, { title: titleJson({ en: 'Car Builder' }) });
    await createProduct(ctx, admin, { title: titleJson({ en: 'Voiture Rapide' }) });

    expect((await search(ctx, 'voiture')).sort()).toEqual(['Car Builder', 'Voiture Rapide']);
    expect(translator.requests[0]).toEqual({ q: 'voiture', source: 'auto', target: 'en', format: 'text' });
  });

  it.each([
    ['an error status', () => ({ status: 500, body: { error: 'down' } })],
    ['an answer without translatedText', () => ({ status: 200, body: { nope: true } })],
    ['no answer in time', () => 'hang' as const],
  ])('falls back to the text as typed when the translator gives %s', async (_case, answer) => {
    const translator = await fakeTranslator(answer);
    const ctx = await buildCatalogueApp({ TRANSLATE_URL: translator.url });
    const admin = await createUser(ctx, { role: 'Admin' });
    await createProduct(ctx, admin, { title: titleJson({ en: 'Car Builder' }) });

    expect(await search(ctx, 'builder')).toEqual(['Car Builder']);
    expect(translator.requests).toHaveLength(1);
  });
});

describe('what the search index holds', () => {
  it('answers the newest first, leaves out a rejected product, and finds an owner’s edit only once an admin approves it', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const older = await createApprovedProduct(ctx, seller, admin, { title: titleJson({ en: 'Comet Older' }) });
    ctx.clock.advance(1000);
    const newer = await createApprovedProduct(ctx, seller, admin, { title: titleJson({ en: 'Comet Newer' }) });
    expect(await search(ctx, 'comet')).toEqual(['Comet Newer', 'Comet Older']);

    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/reject-product/${newer._id}` });
    expect(await search(ctx, 'comet')).toEqual(['Comet Older']);

    const { payload, headers } = await multipart({ title: titleJson({ en: 'Comet Older Edited' }) });
    await injectAs(ctx, seller, { method: 'PUT', url: `/api/product/editProduct/${older._id}`, payload, headers });
    // The seller's edit of an approved product waits for an admin; the listing is found as it was.
    expect(await search(ctx, 'comet')).toEqual(['Comet Older']);

    const [change] = (await injectAs(ctx, admin, { method: 'GET', url: '/api/product/pending-changes' })).json() as Array<{ _id: string }>;
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/pending-changes/${change!._id}/approve` });
    expect(await search(ctx, 'comet')).toEqual(['Comet Older Edited']);
  });

  it('matches a long typed word through its prefix index as well as a short one', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    await createProduct(ctx, admin, { title: titleJson({ en: 'Extraordinarily Adventurous' }) });

    for (const typed of ['ex', 'extraord', 'extraordina', 'extraordinaril', 'extraordinarily adventurou']) {
      expect(await search(ctx, typed)).toEqual(['Extraordinarily Adventurous']);
    }
    // Two edits are forgiven from 9 letters (docs/decisions/0019), three are not.
    expect(await search(ctx, 'extraordinarilyxyz')).toEqual([]);
  });

  it('is rebuilt from the products, approved only and newest first, when its migration runs on a filled catalogue', async () => {
    // On PostgreSQL migration 0008 changes nothing, and search must answer the same.
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    await createProduct(ctx, admin, { title: titleJson({ en: 'Nebula First' }) });
    ctx.clock.advance(1000);
    await createProduct(ctx, seller, { title: titleJson({ en: 'Nebula Waiting' }) });
    ctx.clock.advance(1000);
    await createProduct(ctx, admin, { title: titleJson({ en: 'Nebula Second' }) });
    const migrator = migratorFor(ctx.db);

    expect((await migrator.migrateTo('0007_outbox_claims')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    ctx.services.catalogue.changed();
    expect(await search(ctx, 'nebula')).toEqual(['Nebula Second', 'Nebula First']);
    // Products of the same moment are ordered by id (docs/decisions/0019), so the third comes later.
    ctx.clock.advance(1000);
    await createProduct(ctx, admin, { title: titleJson({ en: 'Nebula Third' }) });
    expect(await search(ctx, 'nebula')).toEqual(['Nebula Third', 'Nebula Second', 'Nebula First']);
  });
});

describe('cached search answers', () => {
  it('show a product as soon as the admin approves it, though the same search was answered before', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const pending = await createProduct(ctx, seller, { title: titleJson({ en: 'Zephyr Sails' }), keywords: '{}', description: '{}' });

    expect(await search(ctx, 'zephyr')).toEqual([]);
    const approval = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${pending._id}` });
    expect(approval.statusCode).toBe(200);

    expect(await search(ctx, 'zephyr')).toEqual(['Zephyr Sails']);
  });
});
