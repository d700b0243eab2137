import { archiveCheckListSchema, insideReportSchema, type ProductSummary } from '@market/contracts';
import { leakedSecretFiles, licenceFiles, makeZip, manyFiles, unityProjectFiles, type ZipFileSpec } from '@market/sample-archives';
import { ANALYSER_VERSION } from './analyser/index.js';
import { describe, expect, it } from 'vitest';
import {
  buildCatalogueApp,
  buildTwoCatalogueApps,
  type CatalogueContext,
  createProduct,
  filesIn,
  multipart,
} from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

const sourceOf = (files: readonly ZipFileSpec[]) => ({ sourceCode: { bytes: makeZip(files), name: 'game.zip', type: 'application/zip' } });

async function sellerWithUnityProduct(ctx: TestContext, files: readonly ZipFileSpec[] = unityProjectFiles()) {
  const seller = await createUser(ctx);
  const product = await createProduct(ctx, seller, {}, sourceOf(files));
  await ctx.services.archives.idle();
  return { seller, product };
}

const insideOf = (ctx: TestContext, user: TestUser | null, productId: string, query = '') =>
  injectAs(ctx, user, { method: 'GET', url: `/api/product/${productId}/inside${query}` });

async function approve(ctx: CatalogueContext, productId: string) {
  const admin = await createUser(ctx, { role: 'Admin' });
  expect((await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${productId}` })).statusCode).toBe(200);
  return admin;
}

describe('what is inside a product', () => {
  it('analyses the uploaded Unity project off the request and shows its owner the report with the warnings', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, product } = await sellerWithUnityProduct(ctx, [...unityProjectFiles(), ...leakedSecretFiles()]);

    const response = await insideOf(ctx, seller, product._id);

    expect(response.statusCode).toBe(200);
    const report = insideReportSchema.parse(response.json());
    expect(report.engines[0]).toMatchObject({ engine: 'Unity', version: '2022.3.21f1' });
    expect(report.languages[0]).toMatchObject({ name: 'C#', lines: 92 });
    expect(report.files.count).toBe(10);
    expect(report.warnings).toEqual([
      { kind: 'Android keystore', path: 'keystore/release.jks', detail: 'An Android signing keystore' },
      { kind: 'API key', path: 'Assets/Config/cloud.json', detail: 'An AWS access key on line 3' },
    ]);
  });

  it('hides a pending product’s report from visitors, then shows it without the seller’s warnings once approved', async () => {
    const ctx = await buildCatalogueApp();
    const { product } = await sellerWithUnityProduct(ctx, [...unityProjectFiles(), ...leakedSecretFiles()]);
    const buyer = await createUser(ctx);

    expect((await insideOf(ctx, null, product._id)).statusCode).toBe(404);
    const admin = await approve(ctx, product._id);

    for (const viewer of [null, buyer]) {
      const response = await insideOf(ctx, viewer, product._id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ready', warnings: null });
      expect(response.body).not.toContain('An AWS access key');
    }
    expect((await insideOf(ctx, admin, product._id)).json().warnings).toHaveLength(2);
  });

  it('answers 202 analysing for a release with no report yet, and the report once the job has run', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, product } = await sellerWithUnityProduct(ctx);
    await ctx.db.deleteFrom('archive_reports').execute();

    const waiting = await insideOf(ctx, seller, product._id);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({ status: 'analysing', releaseId: expect.any(String), progress: null });

    expect(await ctx.services.archives.analyseWaiting()).toBe(1);
    expect((await insideOf(ctx, seller, product._id, `?release=${waiting.json().releaseId}`)).json()).toMatchObject({ status: 'ready' });
  });

  it('tells its owner how many entries have been read of all while the archive is analysed', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller, {}, sourceOf([...unityProjectFiles(), ...manyFiles(30_000)]));
    const seen: Array<{ read: number; total: number }> = [];
    // Asked every 20 ms, as the tab polls (more often): the analysis yields to requests every 10 ms.
    for (let asked = 0; asked < 1_000; asked++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const answer = (await insideOf(ctx, seller, product._id)).json() as {
        status: string;
        progress?: { read: number; total: number } | null;
      };
      if (answer.status !== 'analysing') break;
      if (answer.progress) seen.push(answer.progress);
    }
    await ctx.services.archives.idle();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(({ total }) => total === 30_008)).toBe(true);
    expect(seen.some(({ read }) => read > 0 && read < 30_008)).toBe(true);
    expect((await insideOf(ctx, seller, product._id)).json()).toMatchObject({ status: 'ready' });
  });

  it('analyses each archive once when two instances look for waiting ones at the same moment', async () => {
    const [first, second] = await buildTwoCatalogueApps();
    const { seller, product } = await sellerWithUnityProduct(first);
    await first.db.deleteFrom('archive_reports').execute();

    const written = await Promise.all([first.services.archives.analyseWaiting(), second.services.archives.analyseWaiting()]);

    expect(written[0] + written[1]).toBe(1);
    expect(await first.db.selectFrom('archive_reports').select('release_id').execute()).toHaveLength(1);
    expect((await insideOf(second, seller, product._id)).json()).toMatchObject({ status: 'ready' });
  });

  it('reports a zip bomb, a ../ entry and a symlink as refused, writing nothing beside the archive', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const cases: Array<[ZipFileSpec, string]> = [
      [
        { name: 'Assets/../../escape.sh', content: 'rm -rf /' },
        'Assets/../../escape.sh points outside the archive. Zip the project again from its own folder, with the paths inside it, and upload it again.',
      ],
      [
        { name: 'link', content: '/etc/passwd', unixMode: 0o120777 },
        'link is a symbolic link; archives may hold files and folders only. Put the file it points to in its place and upload the archive again.',
      ],
    ];
    for (const [entry, reason] of cases) {
      const before = filesIn(ctx.dataDir);
      const product = await createProduct(ctx, seller, {}, sourceOf([...unityProjectFiles(), entry]));
      await ctx.services.archives.idle();
      // The upload stored its images and its archive; the analysis stored nothing at all.
      const added = filesIn(ctx.dataDir).filter((file) => !before.includes(file));
      expect(added.filter((file) => !file.startsWith('images/'))).toEqual([expect.stringMatching(/^private\/[a-f0-9]{32}\.zip$/)]);

      const answer = (await insideOf(ctx, seller, product._id)).json();
      expect(answer).toMatchObject({ status: 'refused', reason });
    }
  });

  it('tells the seller which file passed ARCHIVE_MAX_UNPACKED_MB and what to do; buyers only that it could not be analysed, and still buy', async () => {
    const ctx = await buildCatalogueApp({ ARCHIVE_MAX_UNPACKED_MB: '1' });
    const video = { name: 'Assets/Video/intro.mp4', content: Buffer.alloc(1536 * 1024, 7) };
    const { seller, product } = await sellerWithUnityProduct(ctx, [...unityProjectFiles(), video]);
    const admin = await approve(ctx, product._id);
    const buyer = await createUser(ctx);

    const reason =
      'The archive unpacks to more than 1 MB, the most analysed; its largest file is Assets/Video/intro.mp4 (1.5 MB). ' +
      'Leave out the folders your tools rebuild (Library/, Temp/, build/, Pods/, node_modules/), keep videos and builds apart, and upload it again.';
    for (const manager of [seller, admin])
      expect((await insideOf(ctx, manager, product._id)).json()).toMatchObject({ status: 'refused', reason });
    for (const viewer of [null, buyer]) {
      const response = await insideOf(ctx, viewer, product._id);
      expect(response.json()).toMatchObject({ status: 'refused', reason: null });
      expect(response.body).not.toMatch(/bomb|intro\.mp4|unpacks/i);
    }
    const cart = await injectAs(ctx, buyer, {
      method: 'PUT',
      url: '/api/cart',
      payload: { items: [{ productId: product._id, selectedLicense: 'Single App License', isReskin: 'false' }] },
    });
    expect(cart.statusCode).toBe(200);
    expect((cart.json() as { items: Array<{ _id: string }> }).items.map((item) => item._id)).toEqual([product._id]);
  });

  it('serves a report an older analyser wrote in today’s shape, then analyses its archive again', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, product } = await sellerWithUnityProduct(ctx, [...unityProjectFiles(), ...licenceFiles()]);
    const row = await ctx.db.selectFrom('archive_reports').select(['release_id', 'report_json']).executeTakeFirstOrThrow();
    const { declaredLicences: _declared, ...report } = JSON.parse(row.report_json!) as { declaredLicences: unknown };
    const oldReport = { ...report, licences: [{ file: 'ThirdParty/Physics/COPYING', spdx: 'GPL-3.0', copyleft: true }] };
    await ctx.db
      .updateTable('archive_reports')
      .set({ analyser_version: 1, report_json: JSON.stringify(oldReport) })
      .where('release_id', '=', row.release_id)
      .execute();

    const served = insideReportSchema.parse((await insideOf(ctx, seller, product._id)).json());
    expect(served).toMatchObject({ analyserVersion: 1, declaredLicences: [] });
    expect(served.licences).toEqual([
      { file: 'ThirdParty/Physics/COPYING', spdx: 'GPL-3.0', name: null, confidence: 100, copyleft: 'strong' },
    ]);

    expect(await ctx.services.archives.analyseWaiting()).toBe(1);
    const again = insideReportSchema.parse((await insideOf(ctx, seller, product._id)).json());
    expect(again.analyserVersion).toBe(ANALYSER_VERSION);
    expect(again.licences.map((licence) => [licence.file, licence.spdx, licence.copyleft])).toEqual([
      ['LICENSE', 'MIT', null],
      ['ThirdParty/Physics/COPYING', 'GPL-3.0', 'strong'],
    ]);
  });

  it('lists a seller’s archive checks, and an admin those of products awaiting moderation', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, product } = await sellerWithUnityProduct(ctx, [...unityProjectFiles(), ...leakedSecretFiles(), ...licenceFiles()]);
    const admin = await createUser(ctx, { role: 'Admin' });
    const stranger = await createUser(ctx);

    const mine = archiveCheckListSchema.parse((await injectAs(ctx, seller, { method: 'GET', url: '/api/product/archive-checks' })).json());
    expect(mine).toEqual([
      {
        productId: product._id,
        releaseId: expect.any(String),
        version: '1.0.0',
        status: 'ready',
        reason: null,
        progress: null,
        engine: 'Unity',
        licences: [
          { file: 'LICENSE', spdx: 'MIT', copyleft: null },
          { file: 'ThirdParty/Physics/COPYING', spdx: 'GPL-3.0', copyleft: 'strong' },
        ],
        warnings: [
          expect.objectContaining({ path: 'keystore/release.jks' }),
          expect.objectContaining({ path: 'Assets/Config/cloud.json' }),
        ],
      },
    ]);
    expect((await injectAs(ctx, admin, { method: 'GET', url: '/api/product/archive-checks' })).json()).toEqual(mine);
    expect((await injectAs(ctx, stranger, { method: 'GET', url: '/api/product/archive-checks' })).json()).toEqual([]);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/archive-checks' })).statusCode).toBe(401);

    await approve(ctx, product._id);
    expect((await injectAs(ctx, admin, { method: 'GET', url: '/api/product/archive-checks' })).json()).toEqual([]);
  });

  it('analyses a new version on its own and keeps a pending version from visitors', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, product } = await sellerWithUnityProduct(ctx);
    await approve(ctx, product._id);
    const { payload, headers } = await multipart({
      version: '1.1.0',
      changelog: '<p>Moved to Godot</p>',
      sourceCode: {
        bytes: makeZip([{ name: 'project.godot', content: 'config_version=5\nconfig/features=PackedStringArray("4.2")\n' }]),
        name: 'v2.zip',
      },
    });
    const posted = await injectAs(ctx, seller, { method: 'POST', url: `/api/product/${product._id}/releases`, payload, headers });
    expect(posted.statusCode).toBe(201);
    await ctx.services.archives.idle();
    const releaseId = posted.json()._id as string;

    expect((await insideOf(ctx, seller, product._id)).json()).toMatchObject({ releaseId, engines: [{ engine: 'Godot', version: '4.2' }] });
    expect((await insideOf(ctx, null, product._id)).json()).toMatchObject({ engines: [{ engine: 'Unity' }] });
    expect((await insideOf(ctx, null, product._id, `?release=${releaseId}`)).statusCode).toBe(404);
    expect((await insideOf(ctx, null, product._id, '?release=nope')).statusCode).toBe(400);
  });

  it('filters the storefront by the detected engine of the newest approved version', async () => {
    const ctx = await buildCatalogueApp();
    const { product: unity } = await sellerWithUnityProduct(ctx);
    const { product: godot } = await sellerWithUnityProduct(ctx, [{ name: 'project.godot', content: 'config_version=5\n' }]);
    await approve(ctx, unity._id);
    await approve(ctx, godot._id);
    const titlesFor = async (engine: string) =>
      (
        (await injectAs(ctx, null, { method: 'GET', url: `/api/product/uploaded-products?engine=${engine}` })).json() as ProductSummary[]
      ).map((summary) => summary._id);

    expect(await titlesFor('Unity')).toEqual([unity._id]);
    expect(await titlesFor('Godot')).toEqual([godot._id]);
    expect(await titlesFor('Flutter')).toEqual([]);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products?engine=Cobol' })).statusCode).toBe(400);
  });
});
