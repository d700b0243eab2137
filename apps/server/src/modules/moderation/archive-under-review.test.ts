import { ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE, type ArchiveCheck, type ProductSummary, type Release } from '@market/contracts';
import { leakedSecretFiles, makeZip, unityProjectFiles, type ZipFileSpec } from '@market/sample-archives';
import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, type CatalogueContext, createProduct, sendProductForm } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

const sourceOf = (files: readonly ZipFileSpec[]) => ({ bytes: makeZip(files), name: 'game.zip', type: 'application/zip' });

function publishVersion(ctx: CatalogueContext, seller: TestUser, productId: string, version: string, files: readonly ZipFileSpec[]) {
  return sendProductForm(
    ctx,
    seller,
    { version, changelog: '<p>Removed the secrets</p>', sourceCode: sourceOf(files) },
    { method: 'POST', url: `/api/product/${productId}/releases` },
  );
}

async function checkOf(ctx: CatalogueContext, admin: TestUser, productId: string): Promise<ArchiveCheck | undefined> {
  await ctx.services.archives.idle();
  const checks = (await injectAs(ctx, admin, { method: 'GET', url: '/api/product/archive-checks' })).json() as ArchiveCheck[];
  return checks.find((check) => check.productId === productId);
}

const approve = (ctx: CatalogueContext, admin: TestUser, productId: string, body?: { releaseId: string }) =>
  injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${productId}`, ...(body ? { payload: body } : {}) });

/** The releases a user is shown; none while a visitor may not see the product at all (404). */
async function releasesSeenBy(ctx: CatalogueContext, user: TestUser | null, productId: string): Promise<string[]> {
  const response = await injectAs(ctx, user, { method: 'GET', url: `/api/product/${productId}/releases` });
  if (user === null && response.statusCode === 404) return [];
  return (response.json() as Release[]).map((release) => `${release.version} ${release.status}`);
}

const statusOf = async (ctx: CatalogueContext, seller: TestUser, productId: string) => {
  const mine = (await injectAs(ctx, seller, { method: 'GET', url: '/api/product/uploaded-products?mine=true' })).json() as ProductSummary[];
  return mine.find((product) => product._id === productId)?.status;
};

/** A seller's 1.0.0 leaks a keystore and an AWS key; the admin asks for changes. */
async function changesRequestedOnLeakyArchive() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const product = await createProduct(ctx, seller, {}, { sourceCode: sourceOf([...unityProjectFiles(), ...leakedSecretFiles()]) });
  const leaky = await checkOf(ctx, admin, product._id);
  expect(leaky?.warnings.map((warning) => warning.kind)).toEqual(['Android keystore', 'API key']);
  const asked = await injectAs(ctx, admin, {
    method: 'PUT',
    url: `/api/product/request-changes/${product._id}`,
    payload: { reason: 'Incomplete or broken source', note: 'Remove the keystore and the AWS key' },
  });
  expect(asked.statusCode).toBe(200);
  return { ctx, admin, seller, product, leaky: leaky! };
}

describe('the archive a product under review carries', () => {
  it('replaces the archive under review with the new version, sends the product back to Pending, and approves exactly that one', async () => {
    const { ctx, admin, seller, product, leaky } = await changesRequestedOnLeakyArchive();

    const published = await publishVersion(ctx, seller, product._id, '1.0.1', unityProjectFiles());

    expect(published.statusCode).toBe(201);
    const clean = published.json() as Release;
    expect(await statusOf(ctx, seller, product._id)).toBe('Pending');
    // The leaky archive is gone; the product is reviewed with the new one, not in the releases queue beside it.
    expect(await releasesSeenBy(ctx, seller, product._id)).toEqual(['1.0.1 Pending']);
    expect(((await injectAs(ctx, admin, { method: 'GET', url: '/api/product/releases/pending' })).json() as Release[]).length).toBe(0);
    const shown = await checkOf(ctx, admin, product._id);
    expect(shown).toMatchObject({ releaseId: clean._id, version: '1.0.1', status: 'ready', warnings: [] });

    // The admin's page still showed 1.0.0: its approval is refused, not applied to another archive.
    const stale = await approve(ctx, admin, product._id, { releaseId: leaky.releaseId });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE });
    expect(await statusOf(ctx, seller, product._id)).toBe('Pending');
    expect(await releasesSeenBy(ctx, null, product._id)).toEqual([]);

    const approved = await approve(ctx, admin, product._id, { releaseId: clean._id });
    expect(approved.statusCode).toBe(200);
    expect(await releasesSeenBy(ctx, null, product._id)).toEqual(['1.0.1 Approved']);
    const download = await injectAs(ctx, seller, {
      method: 'GET',
      url: `/api/product/${product._id}/source-code?release=${leaky.releaseId}`,
    });
    expect(download.statusCode).toBe(404);
  });

  it('publishes the newest archive when a client approves without naming a release', async () => {
    const { ctx, admin, seller, product } = await changesRequestedOnLeakyArchive();
    await publishVersion(ctx, seller, product._id, '1.0.1', unityProjectFiles());
    await publishVersion(ctx, seller, product._id, '1.0.2', unityProjectFiles());

    expect((await approve(ctx, admin, product._id)).statusCode).toBe(200);

    expect(await releasesSeenBy(ctx, null, product._id)).toEqual(['1.0.2 Approved']);
  });

  it('never publishes an archive other than the one the admin pinned, whichever of a new version and the approval lands first', async () => {
    for (let round = 0; round < 3; round++) {
      const { ctx, admin, seller, product, leaky } = await changesRequestedOnLeakyArchive();
      // Back to Pending by an edit, so the approval has something to decide while the new version arrives.
      const resubmitted = await sendProductForm(
        ctx,
        seller,
        { developmentHours: '12' },
        { method: 'PUT', url: `/api/product/editProduct/${product._id}` },
      );
      expect(resubmitted.statusCode).toBe(200);

      const [approval, published] = await Promise.all([
        approve(ctx, admin, product._id, { releaseId: leaky.releaseId }),
        publishVersion(ctx, seller, product._id, '1.0.1', unityProjectFiles()),
      ]);

      expect(published.statusCode).toBe(201);
      const visible = await releasesSeenBy(ctx, null, product._id);
      // Whatever the order, nothing the admin did not pin is ever published: either the approval came
      // first and published 1.0.0 (1.0.1 then waits as a release, or takes the product back to review),
      // or 1.0.1 came first and the approval is refused.
      const outcome = `${approval.statusCode}: ${visible.join(', ') || 'nothing public'}, ${await statusOf(ctx, seller, product._id)}`;
      expect(['200: 1.0.0 Approved, Approved', '200: nothing public, Pending', '409: nothing public, Pending']).toContain(outcome);
    }
  });
});
