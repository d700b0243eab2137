import type { Purchase, Release } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { makeZip } from '@market/sample-archives';
import { buyWithCard, multiLine, singleLine } from '../../test/commerce.js';
import {
  buildCatalogueApp,
  type CatalogueContext,
  createApprovedProduct,
  createProduct,
  insertBuyers,
  productFields,
  productFiles,
  sendProductForm,
  titleJson,
} from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

const archiveOf = (text: string) => makeZip([{ name: 'README.md', content: text }]);

function publish(
  ctx: CatalogueContext,
  user: TestUser | null,
  productId: string,
  fields: Record<string, string>,
  zip = archiveOf('# new'),
) {
  return sendProductForm(
    ctx,
    user,
    { changelog: '<p>Fixed the jump</p>', ...fields, sourceCode: { bytes: zip, name: 'game.zip', type: 'application/zip' } },
    { method: 'POST', url: `/api/product/${productId}/releases` },
  );
}

const releasesSeenBy = async (ctx: CatalogueContext, user: TestUser | null, productId: string) => {
  const response = await injectAs(ctx, user, { method: 'GET', url: `/api/product/${productId}/releases` });
  return (response.json() as Release[]).map((release) => `${release.version} ${release.status}`);
};

const moderate = (ctx: CatalogueContext, admin: TestUser, releaseId: string, action: 'approve' | 'reject') =>
  injectAs(ctx, admin, { method: 'PUT', url: `/api/product/releases/${releaseId}/${action}` });

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  return { ctx, admin, seller, buyer, product };
}

describe('publishing a release', () => {
  it("keeps a seller's release Pending and out of buyers' sight until an admin approves it", async () => {
    const { ctx, admin, seller, buyer, product } = await shop();

    const response = await publish(ctx, seller, product._id, { version: '1.1.0', engineVersion: 'Unity 2022.3 LTS' });

    expect(response.statusCode).toBe(201);
    const release = response.json() as Release;
    expect(release).toMatchObject({ version: '1.1.0', status: 'Pending', publishedAt: null, engineVersion: 'Unity 2022.3 LTS' });
    expect(release.changelog).toBe('<p>Fixed the jump</p>');
    expect(await releasesSeenBy(ctx, buyer, product._id)).toEqual(['1.0.0 Approved']);
    expect(await releasesSeenBy(ctx, null, product._id)).toEqual(['1.0.0 Approved']);
    const page = async () => (await injectAs(ctx, null, { method: 'GET', url: `/api/product/by-slug/${product.slug}` })).json();
    expect((await page()).latestRelease).toEqual({ version: '1.0.0', publishedAt: product.createdAt });
    expect(await releasesSeenBy(ctx, seller, product._id)).toEqual(['1.1.0 Pending', '1.0.0 Approved']);
    const pending = await injectAs(ctx, admin, { method: 'GET', url: '/api/product/releases/pending' });
    expect((pending.json() as Release[]).map((entry) => entry._id)).toEqual([release._id]);

    const approved = await moderate(ctx, admin, release._id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Release approved',
      release: { status: 'Approved', publishedAt: '2026-01-15T10:00:00.000Z' },
    });
    expect(await releasesSeenBy(ctx, buyer, product._id)).toEqual(['1.1.0 Approved', '1.0.0 Approved']);
    // The visitor's cached page follows the approval.
    expect((await page()).latestRelease).toEqual({ version: '1.1.0', publishedAt: '2026-01-15T10:00:00.000Z' });
  });

  it("publishes an admin's release at once", async () => {
    const { ctx, admin, product } = await shop();
    const response = await publish(ctx, admin, product._id, { version: '2.0.0' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'Approved', publishedAt: '2026-01-15T10:00:00.000Z' });
  });

  it('refuses a version that is not greater than the latest approved one, compared by number', async () => {
    const { ctx, admin, seller, product } = await shop();
    expect((await publish(ctx, admin, product._id, { version: '1.10.0' })).statusCode).toBe(201);

    const older = await publish(ctx, seller, product._id, { version: '1.2.0' });
    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ message: 'The version must be greater than 1.10.0, the latest published version' });
    expect((await publish(ctx, seller, product._id, { version: '1.10.0' })).statusCode).toBe(400);
    expect((await publish(ctx, seller, product._id, { version: '1.10.1' })).statusCode).toBe(201);
    const twin = await publish(ctx, seller, product._id, { version: '1.10.1' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('Version 1.10.1 of this product already exists');
  });

  it.each([
    [{ version: 'v2' }, 'The version must look like 1.2.0 (MAJOR.MINOR.PATCH)'],
    [{ version: '01.2.0' }, 'The version must look like 1.2.0 (MAJOR.MINOR.PATCH)'],
    [{ version: '2.0.0', changelog: '<p> </p>' }, 'Describe what changed in this version'],
    [{ version: '2.0.0', changelog: '<script>alert(1)</script>' }, 'Describe what changed in this version'],
    [{ version: '2.0.0', releaseDate: 'today' }, 'Unknown field: releaseDate'],
  ])('answers 400 to %j and keeps no archive', async (fields, message) => {
    const { ctx, seller, product } = await shop();
    const before = await ctx.db.selectFrom('product_releases').select('id').execute();

    const response = await publish(ctx, seller, product._id, fields);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await ctx.db.selectFrom('product_releases').select('id').execute()).toEqual(before);
  });

  it('sanitises the changelog like a description', async () => {
    const { ctx, admin, product } = await shop();
    const response = await publish(ctx, admin, product._id, {
      version: '1.0.1',
      changelog: '<p onclick="x()">Safer <script>bad()</script>saves</p>',
    });
    expect(response.json().changelog).toBe('<p>Safer saves</p>');
  });

  it('lets only the owner or an admin publish: 403 for another seller, 401 for a visitor, 404 for no product', async () => {
    const { ctx, product } = await shop();
    const stranger = await createUser(ctx);
    expect((await publish(ctx, stranger, product._id, { version: '1.1.0' })).statusCode).toBe(403);
    expect((await publish(ctx, null, product._id, { version: '1.1.0' })).statusCode).toBe(401);
    expect((await publish(ctx, stranger, 'aaaaaaaaaaaaaaaaaaaaaaaa', { version: '1.1.0' })).statusCode).toBe(404);
  });

  it('lets only an admin approve or reject a release', async () => {
    const { ctx, seller, product } = await shop();
    const release = (await publish(ctx, seller, product._id, { version: '1.1.0' })).json() as Release;
    expect((await moderate(ctx, seller, release._id, 'approve')).statusCode).toBe(403);
    expect((await moderate(ctx, seller, release._id, 'reject')).statusCode).toBe(403);
    expect(await releasesSeenBy(ctx, seller, product._id)).toEqual(['1.1.0 Pending', '1.0.0 Approved']);
  });

  it("hands the owner and admins a pending release's archive for review, and nobody else", async () => {
    const { ctx, admin, seller, buyer, product } = await shop();
    const pending = (await publish(ctx, seller, product._id, { version: '1.1.0' }, archiveOf('# under review'))).json() as Release;
    const url = `/api/product/${product._id}/source-code?release=${pending._id}`;

    const forAdmin = await injectAs(ctx, admin, { method: 'GET', url });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.rawPayload).toEqual(archiveOf('# under review'));
    expect(forAdmin.headers['content-disposition']).toBe('attachment; filename="Space-Runner-1.1.0.zip"');
    expect((await injectAs(ctx, seller, { method: 'GET', url })).statusCode).toBe(200);
    expect((await injectAs(ctx, buyer, { method: 'GET', url })).statusCode).toBe(403);
    // Without a release named, the newest approved one: the pending one is not it.
    const newest = await injectAs(ctx, seller, { method: 'GET', url: `/api/product/${product._id}/source-code` });
    expect(newest.headers['content-disposition']).toBe('attachment; filename="Space-Runner-1.0.0.zip"');
  });

  it("refuses a new archive in an edit, pointing to releases, and keeps the buyer's bytes", async () => {
    const { ctx, seller, product } = await shop();
    const response = await sendProductForm(
      ctx,
      seller,
      { authorName: 'Renamed', sourceCode: { bytes: archiveOf('# swapped'), name: 'game.zip', type: 'application/zip' } },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^An edit cannot replace the source code: publish a new version with POST \/api\/product\/\{id\}\/releases/,
    );
    expect(await releasesSeenBy(ctx, seller, product._id)).toEqual(['1.0.0 Approved']);
  });
});

const download = (ctx: CatalogueContext, buyer: TestUser, purchase: Purchase, productId: string, releaseId?: string) =>
  injectAs(ctx, buyer, {
    method: 'GET',
    url: `/api/purchase/download/${purchase._id}/${productId}${releaseId ? `?release=${releaseId}` : ''}`,
  });

describe('downloads of a product with releases', () => {
  it('opens a closed window again for exactly 8 h (Single) or 24 h (Multi) from the publication, serving the new bytes', async () => {
    const { ctx, admin, seller, buyer, product } = await shop();
    const multiBuyer = await createUser(ctx);
    const single = await buyWithCard(ctx, buyer, [singleLine(product._id)]);
    const multi = await buyWithCard(ctx, multiBuyer, [multiLine(product._id)]);
    ctx.clock.advance(20 * 24 * HOUR);
    expect((await download(ctx, buyer, single, product._id)).statusCode).toBe(410);

    const release = (await publish(ctx, seller, product._id, { version: '1.3.0' }, archiveOf('# version 1.3.0'))).json() as Release;
    ctx.clock.advance(HOUR);
    // Pending: nothing opens yet.
    expect((await download(ctx, buyer, single, product._id)).statusCode).toBe(410);
    await moderate(ctx, admin, release._id, 'approve');

    const fresh = await download(ctx, buyer, single, product._id);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload).toEqual(archiveOf('# version 1.3.0'));
    expect(fresh.headers['content-disposition']).toBe('attachment; filename="Space-Runner-1.3.0.zip"');
    const list = await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' });
    expect((list.json() as Purchase[])[0]!.products[0]).toMatchObject({
      download: 'true',
      downloadExpiresAt: new Date(ctx.clock.now().getTime() + 8 * HOUR).toISOString(),
      versionBought: '1.0.0',
      versions: [{ version: '1.3.0' }, { version: '1.0.0' }],
    });

    ctx.clock.advance(8 * HOUR);
    expect((await download(ctx, buyer, single, product._id)).statusCode).toBe(200);
    ctx.clock.advance(SECOND);
    expect((await download(ctx, buyer, single, product._id)).statusCode).toBe(410);
    expect((await download(ctx, multiBuyer, multi, product._id)).statusCode).toBe(200);
    ctx.clock.advance(16 * HOUR - SECOND);
    expect((await download(ctx, multiBuyer, multi, product._id)).statusCode).toBe(200);
    ctx.clock.advance(SECOND);
    expect((await download(ctx, multiBuyer, multi, product._id)).statusCode).toBe(410);
  });

  it('serves an older approved release when asked, never a pending one, and nothing to a buyer of another product', async () => {
    const { ctx, admin, seller, buyer, product } = await shop();
    const other = await createApprovedProduct(ctx, seller, admin, { title: titleJson({ en: 'Other Game' }) });
    const otherBuyer = await createUser(ctx);
    const purchase = await buyWithCard(ctx, buyer, [singleLine(product._id)]);
    const otherPurchase = await buyWithCard(ctx, otherBuyer, [singleLine(other._id)]);
    const original = (await injectAs(ctx, seller, { method: 'GET', url: `/api/product/${product._id}/releases` })).json() as Release[];
    await publish(ctx, admin, product._id, { version: '1.1.0' }, archiveOf('# 1.1.0'));
    const pending = (await publish(ctx, seller, product._id, { version: '1.2.0' }, archiveOf('# 1.2.0'))).json() as Release;

    expect((await download(ctx, buyer, purchase, product._id)).rawPayload).toEqual(archiveOf('# 1.1.0'));
    const older = await download(ctx, buyer, purchase, product._id, original[0]!._id);
    expect(older.statusCode).toBe(200);
    expect(older.headers['content-disposition']).toBe('attachment; filename="Space-Runner-1.0.0.zip"');
    expect((await download(ctx, buyer, purchase, product._id, pending._id)).statusCode).toBe(404);
    expect((await download(ctx, otherBuyer, purchase, product._id)).statusCode).toBe(403);
    expect((await download(ctx, buyer, otherPurchase, other._id)).statusCode).toBe(403);
  });
});

describe('migration 0012', () => {
  it('gives every existing product a 1.0.0 release with the same archive, published when the product was uploaded', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const first = await createProduct(ctx, admin, { title: titleJson({ en: 'Old One' }) });
    ctx.clock.advance(HOUR);
    const second = await createProduct(ctx, seller, { title: titleJson({ en: 'Old Two' }) });
    const keys = await ctx.db
      .selectFrom('product_releases')
      .select(['product_id', 'source_code_key', 'source_code_size'])
      .orderBy('product_id')
      .execute();
    const migrator = migratorFor(ctx.db);

    expect((await migrator.migrateTo('0011_background_jobs')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const releases = await ctx.db.selectFrom('product_releases').selectAll().orderBy('product_id').execute();
    const archives = (rows: typeof keys) =>
      rows.map((row) => ({
        product_id: row.product_id,
        source_code_key: row.source_code_key,
        source_code_size: Number(row.source_code_size),
      }));
    expect(archives(releases)).toEqual(archives(keys));
    for (const release of releases) {
      const product = release.product_id === first._id ? first : second;
      expect(release).toMatchObject({
        version: '1.0.0',
        status: 'Approved',
        created_at: product.createdAt,
        published_at: product.createdAt,
      });
      expect(release.id).toMatch(/^[0-9a-f]{24}$/);
    }
    const owner = await injectAs(ctx, seller, { method: 'GET', url: `/api/product/${second._id}/source-code` });
    expect(owner.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the upload', () => {
  it('stores the archive as the version the form gives, and refuses a malformed one', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const response = await sendProductForm(ctx, seller, { ...productFields({ version: '2.1.0' }), ...(await productFiles()) });
    expect(response.statusCode).toBe(201);
    expect(await releasesSeenBy(ctx, seller, response.json()._id)).toEqual(['2.1.0 Approved']);

    const malformed = await sendProductForm(ctx, seller, {
      ...productFields({ version: 'v1', title: titleJson({ en: 'Other' }) }),
      ...(await productFiles()),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The version must look like 1.2.0 (MAJOR.MINOR.PATCH)');
  });

  it('does not let an edit change the version', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);
    const edit = await sendProductForm(
      ctx,
      seller,
      { version: '9.0.0' },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('The version changes by publishing a new version, not by an edit');
    const blank = await sendProductForm(
      ctx,
      seller,
      { version: '', authorName: 'Renamed' },
      { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
    );
    expect(blank.statusCode).toBe(200);
    expect(await releasesSeenBy(ctx, seller, product._id)).toEqual(['1.0.0 Approved']);
  });

  it('stores the archive as release 1.0.0', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const response = await sendProductForm(ctx, seller, { ...productFields(), ...(await productFiles()) });
    const product = response.json();
    expect(await releasesSeenBy(ctx, seller, product._id)).toEqual(['1.0.0 Approved']);
    // The product is Pending, so nobody else sees it or its releases.
    expect((await injectAs(ctx, null, { method: 'GET', url: `/api/product/${product._id}/releases` })).statusCode).toBe(404);
  });
});

/** Release notices and stored mails, to compare before and after. */
const counts = async (ctx: CatalogueContext) => ({
  notices: Number(
    (
      await ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'release')
        .executeTakeFirstOrThrow()
    ).n,
  ),
  mails: Number(
    (
      await ctx.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('telling buyers of a release', () => {
  it('queues a notice and a mail for each of 1,000 buyers in one go, and none twice however often it is approved', async () => {
    const { ctx, admin, seller, product } = await shop();
    const buyers = await insertBuyers(ctx, product._id, 1000, ctx.clock.now());
    const release = (await publish(ctx, seller, product._id, { version: '1.1.0' })).json() as Release;
    const before = await counts(ctx);

    const approvals = await Promise.all([1, 2, 3].map(() => moderate(ctx, admin, release._id, 'approve')));
    expect(approvals.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    await moderate(ctx, admin, release._id, 'approve');

    const after = await counts(ctx);
    expect(after.notices - before.notices).toBe(1000);
    expect(after.mails - before.mails).toBe(1000);
    const noticed = await ctx.db.selectFrom('notifications').select('user_id').where('kind', '=', 'release').execute();
    expect(new Set(noticed.map((row) => row.user_id))).toEqual(new Set(buyers));
    const sellerNotices = await ctx.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', seller._id)
      .where('title', 'like', 'Version%')
      .execute();
    expect(sellerNotices.map((row) => row.title)).toEqual(['Version 1.1.0 of Space Runner was approved']);
  });

  it('tells nobody whose licence was revoked', async () => {
    const { ctx, admin, buyer, product } = await shop();
    await buyWithCard(ctx, buyer, [multiLine(product._id)]);
    const [licence] = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/licence/mine' })).json() as Array<{ purchaseCode: string }>;
    const revoked = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/licence/${licence!.purchaseCode}/revoke`,
      payload: { reason: 'Chargeback' },
    });
    expect(revoked.statusCode).toBe(200);

    await publish(ctx, admin, product._id, { version: '2.0.0' });

    const mails = await ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', buyer.email).execute();
    expect(mails.map((mail) => mail.subject)).not.toContain('Space Runner 2.0.0 is available');
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/notification/mine' })).json()).toMatchObject({ unread: 0 });
  });

  it('mails each buyer the version, the changelog and the way to the download, as HTML and as text', async () => {
    const { ctx, admin, buyer, product } = await shop();
    await buyWithCard(ctx, buyer, [multiLine(product._id)]);
    await publish(ctx, admin, product._id, {
      version: '2.0.0',
      engineVersion: 'Unity 6',
      changelog: '<p>New <strong>boss</strong> & levels</p>',
    });

    const mail = await ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', buyer.email)
      .where('subject', '=', 'Space Runner 2.0.0 is available')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Your download window is open again for 24 hours from now.');
    expect(mail.text_body).toContain('New boss & levels');
    expect(mail.text_body).toContain('Go to my purchases: http://localhost');
    expect(mail.html_body).toContain('New boss &amp; levels');
    expect(mail.html_body).toContain('/userPanel/purchases"');
    const notices = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/notification/mine' })).json();
    expect(notices).toMatchObject({
      unread: 1,
      notifications: [{ kind: 'release', title: 'Space Runner 2.0.0 is out', link: '/userPanel/purchases' }],
    });
  });
});
