import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  BUNDLE_ID_FIXED_MESSAGE,
  INVISIBLE_CHARACTERS,
  INVALID_TOKEN_MESSAGE,
  LICENCE_NOT_FOUND_MESSAGE,
  LICENCE_REVOKED_MESSAGE,
  singleAppTakenMessage,
  STORE_URL_MESSAGE,
  STORE_URL_OF_OTHER_APP_MESSAGE,
  TOO_MANY_TOKENS_MESSAGE,
  UNKNOWN_PURCHASE_CODE_MESSAGE,
  type CreatedToken,
  type Licence,
  type LicenceVerification,
  type Purchase,
} from '@market/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { buyWithCard, multiLine, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, type CatalogueContext } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

/** pdf.js reads the PDF's built-in fonts' metrics from its own package. */
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of a one-page PDF, as pdf.js reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const page = await pdf.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function shop(env: Record<string, string> = {}) {
  const ctx = await buildCatalogueApp(env);
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const otherSeller = await createUser(ctx, { name: 'Other Studio' });
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const stranger = await createUser(ctx, { name: 'Sam Stranger' });
  const runner = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Space Runner' }) });
  const puzzle = await createApprovedProduct(ctx, otherSeller, admin, { title: JSON.stringify({ en: 'Block Puzzle' }) });
  return { ctx, admin, seller, otherSeller, buyer, stranger, runner, puzzle };
}

type Shop = Awaited<ReturnType<typeof shop>>;

async function licencesOf(ctx: CatalogueContext, user: TestUser): Promise<Licence[]> {
  const response = await injectAs(ctx, user, { method: 'GET', url: '/api/licence/mine' });
  expect(response.statusCode).toBe(200);
  return response.json() as Licence[];
}

/** The buyer's licence of `productId` after buying it with `licence`. */
async function boughtLicence(shopped: Shop, productId: string, line = singleLine): Promise<{ licence: Licence; purchase: Purchase }> {
  const purchase = await buyWithCard(shopped.ctx, shopped.buyer, [line(productId)]);
  const licence = (await licencesOf(shopped.ctx, shopped.buyer)).find((candidate) => candidate.purchaseId === purchase._id)!;
  return { licence, purchase };
}

const registerApp = (ctx: CatalogueContext, user: TestUser, code: string, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: `/api/licence/${code}/apps`, payload });

const app = (n: number) => ({ appName: `Runner ${n}`, bundleId: `com.jamie.runner${n}` });

async function createToken(ctx: CatalogueContext, seller: TestUser, name = 'Game server'): Promise<CreatedToken> {
  const response = await injectAs(ctx, seller, {
    method: 'POST',
    url: '/api/licence/tokens',
    payload: { name, scopes: ['licences:read'] },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as CreatedToken;
}

const verify = (ctx: CatalogueContext, token: string | null, code: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/licence/verify?code=${code}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('licences', () => {
  it('gives every bought line its own random UUID v4 code, listed to its buyer with the product', async () => {
    const shopped = await shop();
    const purchase = await buyWithCard(shopped.ctx, shopped.buyer, [singleLine(shopped.runner._id), multiLine(shopped.puzzle._id)]);

    const licences = await licencesOf(shopped.ctx, shopped.buyer);

    expect(licences).toHaveLength(2);
    const codes = licences.map((licence) => licence.purchaseCode);
    for (const code of codes) {
      expect(code).toMatch(UUID_V4);
      for (const id of [purchase._id, shopped.runner._id, shopped.puzzle._id, shopped.buyer._id]) expect(code).not.toContain(id);
    }
    expect(new Set(codes).size).toBe(2);
    expect(licences.find((licence) => licence.product._id === shopped.runner._id)).toMatchObject({
      licenseType: 'Single App License',
      status: 'Active',
      revokedReason: null,
      purchaseId: purchase._id,
      buyer: { _id: shopped.buyer._id, name: 'Jamie Buyer' },
      product: { title: 'Space Runner', slug: 'Space-Runner' },
      registeredApps: [],
    });
    expect(purchase.products.map((line) => line.purchaseCode).sort()).toEqual([...codes].sort());
    expect(await licencesOf(shopped.ctx, shopped.stranger)).toEqual([]);
  });

  it('lets a Single App License hold one app and answers 409 naming it for a second', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);

    const first = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, {
      ...app(1),
      storeUrl: 'https://play.google.com/store/apps/details?id=com.jamie.runner1',
    });
    const second = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(2));

    expect(first.statusCode).toBe(201);
    expect((first.json() as Licence).registeredApps).toMatchObject([
      { appName: 'Runner 1', bundleId: 'com.jamie.runner1', storeUrl: 'https://play.google.com/store/apps/details?id=com.jamie.runner1' },
    ]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(singleAppTakenMessage('Runner 1'));
    expect(second.json().message).toBe(
      'This Single App License is already registered to Runner 1. Upgrade it to a Multi App License to use the code in more apps.',
    );
  });

  it('lets only one of two registrations sent at once take a Single App License', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);

    const answers = await Promise.all([1, 2, 3].map((n) => registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(n))));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await licencesOf(shopped.ctx, shopped.buyer))[0]!.registeredApps).toHaveLength(1);
  });

  it('lets a Multi App License hold three apps, each bundle id once', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id, multiLine);

    for (const n of [1, 2, 3]) expect((await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(n))).statusCode).toBe(201);
    const again = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, { ...app(2), appName: 'Runner again' });

    expect(again.statusCode).toBe(409);
    expect((await licencesOf(shopped.ctx, shopped.buyer))[0]!.registeredApps.map((registered) => registered.bundleId).sort()).toEqual([
      'com.jamie.runner1',
      'com.jamie.runner2',
      'com.jamie.runner3',
    ]);
  });

  it('refuses a bundle id that is not reverse-DNS and a store address that is not Google Play or the App Store', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);

    const badBundle = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, { appName: 'Runner', bundleId: 'runner' });
    const badStore = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, {
      ...app(1),
      storeUrl: 'https://example.com/runner',
    });
    const notAUrl = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, { ...app(2), storeUrl: 'not a url' });
    const noName = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, { appName: ' ', bundleId: 'com.jamie.runner' });

    expect(badBundle.statusCode).toBe(400);
    expect(badBundle.json().message).toContain('reverse-DNS');
    expect(badStore.statusCode).toBe(400);
    expect(badStore.json().message).toBe(STORE_URL_MESSAGE);
    expect(notAUrl.statusCode).toBe(400);
    expect(notAUrl.json().errors).toEqual([{ field: 'storeUrl', message: STORE_URL_MESSAGE }]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Enter the app’s name');
    expect((await licencesOf(shopped.ctx, shopped.buyer))[0]!.registeredApps).toEqual([]);
  });

  it("lets the buyer correct an app's name and store address, never its bundle id", async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    const registered = (await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(1))).json() as Licence;
    const appId = registered.registeredApps[0]!._id;
    const url = `/api/licence/${licence.purchaseCode}/apps/${appId}`;

    const renamed = await injectAs(shopped.ctx, shopped.buyer, {
      method: 'PUT',
      url,
      payload: { appName: 'Space Runner Deluxe', storeUrl: 'https://apps.apple.com/us/app/space-runner/id1234567890' },
    });
    const rebundled = await injectAs(shopped.ctx, shopped.buyer, { method: 'PUT', url, payload: { bundleId: 'com.jamie.other' } });
    const byStranger = await injectAs(shopped.ctx, shopped.stranger, { method: 'PUT', url, payload: { appName: 'Mine now' } });

    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as Licence).registeredApps).toMatchObject([
      {
        appName: 'Space Runner Deluxe',
        bundleId: 'com.jamie.runner1',
        storeUrl: 'https://apps.apple.com/us/app/space-runner/id1234567890',
      },
    ]);
    expect(rebundled.statusCode).toBe(400);
    expect(rebundled.json().message).toBe(BUNDLE_ID_FIXED_MESSAGE);
    expect(byStranger.statusCode).toBe(404);
  });

  it('hides a licence from another buyer: seeing, registering and printing it all answer 404', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    const code = licence.purchaseCode;

    const answers = await Promise.all([
      injectAs(shopped.ctx, shopped.stranger, { method: 'GET', url: `/api/licence/${code}` }),
      registerApp(shopped.ctx, shopped.stranger, code, app(1)),
      injectAs(shopped.ctx, shopped.stranger, { method: 'GET', url: `/api/licence/${code}/certificate.pdf` }),
    ]);
    const unknown = await injectAs(shopped.ctx, shopped.stranger, { method: 'GET', url: `/api/licence/${crypto.randomUUID()}` });

    for (const answer of [...answers, unknown]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: LICENCE_NOT_FOUND_MESSAGE });
    }
    const byAdmin = await injectAs(shopped.ctx, shopped.admin, { method: 'GET', url: `/api/licence/${code}` });
    expect(byAdmin.statusCode).toBe(200);
    expect((byAdmin.json() as Licence).buyer.name).toBe('Jamie Buyer');
  });

  it('lets an admin clear an app with a reason, after which a Single licence takes the new app; a buyer cannot clear', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    const registered = (await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(1))).json() as Licence;
    const url = `/api/licence/${licence.purchaseCode}/apps/${registered.registeredApps[0]!._id}`;

    const byBuyer = await injectAs(shopped.ctx, shopped.buyer, { method: 'DELETE', url, payload: { reason: 'I changed apps' } });
    const noReason = await injectAs(shopped.ctx, shopped.admin, { method: 'DELETE', url, payload: {} });
    const cleared = await injectAs(shopped.ctx, shopped.admin, { method: 'DELETE', url, payload: { reason: 'Buyer moved to a new app' } });
    const newApp = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(2));

    expect(byBuyer.statusCode).toBe(403);
    expect(noReason.statusCode).toBe(400);
    expect(cleared.statusCode).toBe(200);
    expect((cleared.json() as Licence).registeredApps).toEqual([]);
    expect(newApp.statusCode).toBe(201);
    const kept = await shopped.ctx.db
      .selectFrom('licence_apps')
      .selectAll()
      .where('bundle_id', '=', 'com.jamie.runner1')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ cleared_by: shopped.admin._id, cleared_reason: 'Buyer moved to a new app' });
  });

  it('finds a code written in capitals, and counts a bundle id once whatever its case', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id, multiLine);
    const upper = licence.purchaseCode.toUpperCase();

    const found = await injectAs(shopped.ctx, shopped.buyer, { method: 'GET', url: `/api/licence/${upper}` });
    const first = await registerApp(shopped.ctx, shopped.buyer, upper, { appName: 'Runner', bundleId: 'com.jamie.Runner' });
    const again = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, { appName: 'Runner', bundleId: 'COM.JAMIE.RUNNER' });

    expect(found.statusCode).toBe(200);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(409);
  });

  it('refuses names with line breaks or invisible characters, and a Google Play address of another app', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);

    const answers = await Promise.all(
      [
        { appName: 'Good\nLICENSEE\nMallory', bundleId: 'com.jamie.a' },
        { appName: '\u200B', bundleId: 'com.jamie.b' },
        { appName: 'Runner\u202E', bundleId: 'com.jamie.c' },
        { ...app(1), storeUrl: 'https://play.google.com/store/apps/details?id=com.someone.else' },
      ].map((payload) => registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, payload)),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers[3]!.json().message).toBe(STORE_URL_OF_OTHER_APP_MESSAGE);
    const registered = (await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(1))).json() as Licence;
    const moved = await injectAs(shopped.ctx, shopped.buyer, {
      method: 'PUT',
      url: `/api/licence/${licence.purchaseCode}/apps/${registered.registeredApps[0]!._id}`,
      payload: { storeUrl: 'https://play.google.com/store/apps/details?id=com.someone.else' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(STORE_URL_OF_OTHER_APP_MESSAGE);
  });

  it('lets registrations sent while a licence is revoked leave no app on it, and keeps the first reason', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id, multiLine);
    const revokeUrl = `/api/licence/${licence.purchaseCode}/revoke`;

    const answers = await Promise.all([
      injectAs(shopped.ctx, shopped.admin, { method: 'PUT', url: revokeUrl, payload: { reason: 'Chargeback' } }),
      ...[1, 2, 3, 4].map((n) => registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(n))),
    ]);
    const again = await injectAs(shopped.ctx, shopped.admin, { method: 'PUT', url: revokeUrl, payload: { reason: 'Another reason' } });

    expect(answers[0]!.statusCode).toBe(200);
    const registered = answers.slice(1).filter((answer) => answer.statusCode === 201).length;
    const seen = (
      await injectAs(shopped.ctx, shopped.admin, { method: 'GET', url: `/api/licence/${licence.purchaseCode}` })
    ).json() as Licence;
    // Those that came before the revocation stay registered, none after it.
    expect(seen.registeredApps).toHaveLength(registered);
    expect(answers.slice(1).every((answer) => [201, 403].includes(answer.statusCode))).toBe(true);
    expect(again.statusCode).toBe(409);
    expect(seen).toMatchObject({ status: 'Revoked', revokedReason: 'Chargeback' });
  });

  it('makes a revoked licence verify as not valid, refuse its download and take no app', async () => {
    const shopped = await shop();
    const { licence, purchase } = await boughtLicence(shopped, shopped.runner._id);
    const { token } = await createToken(shopped.ctx, shopped.seller);
    const revokeUrl = `/api/licence/${licence.purchaseCode}/revoke`;

    const byBuyer = await injectAs(shopped.ctx, shopped.buyer, { method: 'PUT', url: revokeUrl, payload: { reason: 'Chargeback' } });
    const revoked = await injectAs(shopped.ctx, shopped.admin, { method: 'PUT', url: revokeUrl, payload: { reason: 'Chargeback' } });
    const verified = await verify(shopped.ctx, token, licence.purchaseCode);
    const download = await injectAs(shopped.ctx, shopped.buyer, {
      method: 'GET',
      url: `/api/purchase/download/${purchase._id}/${shopped.runner._id}`,
    });
    const registered = await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(1));
    const purchases = await injectAs(shopped.ctx, shopped.buyer, { method: 'GET', url: '/api/purchase/allPurchases' });

    expect(byBuyer.statusCode).toBe(403);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'Revoked', revokedReason: 'Chargeback' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ valid: false, status: 'Revoked' });
    expect(download.statusCode).toBe(403);
    expect(download.json().message).toBe(LICENCE_REVOKED_MESSAGE);
    expect(registered.statusCode).toBe(403);
    expect((purchases.json() as Purchase[])[0]!.products[0]).toMatchObject({ licenceStatus: 'Revoked', download: 'false' });
    const certificate = await injectAs(shopped.ctx, shopped.buyer, {
      method: 'GET',
      url: `/api/licence/${licence.purchaseCode}/certificate.pdf`,
    });
    const text = await pdfText(certificate.rawPayload);
    expect(text).toContain('Single App License: revoked (Chargeback)');
    expect(text).toContain('This licence has been revoked');
    expect(text).not.toContain('This certifies');
  });
});

describe('the licences migration', () => {
  it('gives every line bought before it its own random code, and leaves it active', async () => {
    const shopped = await shop();
    await buyWithCard(shopped.ctx, shopped.buyer, [singleLine(shopped.runner._id), multiLine(shopped.puzzle._id)]);
    await buyWithCard(shopped.ctx, shopped.stranger, [singleLine(shopped.runner._id)]);
    const migrator = migratorFor(shopped.ctx.db);

    expect((await migrator.migrateTo('0013_notifications')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const lines = await shopped.ctx.db.selectFrom('licences').select(['purchase_code', 'status', 'revoked_reason']).execute();
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.purchase_code).toMatch(UUID_V4);
      expect(line).toMatchObject({ status: 'Active', revoked_reason: null });
    }
    expect(new Set(lines.map((line) => line.purchase_code)).size).toBe(3);
    expect((await licencesOf(shopped.ctx, shopped.buyer)).map((licence) => licence.licenseType).sort()).toEqual([
      'Multi App License',
      'Single App License',
    ]);
  });
});

describe('the verify API for sellers', () => {
  it("answers a code of the token owner's product with the licence, buyer and apps", async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, {
      ...app(1),
      storeUrl: 'https://play.google.com/store/apps/details?id=com.jamie.runner1',
    });
    const { token } = await createToken(shopped.ctx, shopped.seller);

    const response = await verify(shopped.ctx, token, licence.purchaseCode);

    expect(response.statusCode).toBe(200);
    expect(response.json() as LicenceVerification).toEqual({
      valid: true,
      status: 'Active',
      product: { _id: shopped.runner._id, title: 'Space Runner' },
      licenseType: 'Single App License',
      purchasedAt: licence.purchasedAt,
      buyer: { name: 'Jamie Buyer' },
      registeredApps: [
        { appName: 'Runner 1', bundleId: 'com.jamie.runner1', storeUrl: 'https://play.google.com/store/apps/details?id=com.jamie.runner1' },
      ],
    });
  });

  it("answers another seller's code exactly like an unknown one", async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    const { token } = await createToken(shopped.ctx, shopped.otherSeller);

    const others = await verify(shopped.ctx, token, licence.purchaseCode);
    const unknown = await verify(shopped.ctx, token, crypto.randomUUID());

    expect(others.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(others.json()).toEqual({ message: UNKNOWN_PURCHASE_CODE_MESSAGE });
    expect(others.body).toBe(unknown.body);
  });

  it('answers 401 without a live token and 400 for a code that is not one', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    const { _id, token } = await createToken(shopped.ctx, shopped.seller);
    await injectAs(shopped.ctx, shopped.seller, { method: 'DELETE', url: `/api/licence/tokens/${_id}` });

    const answers = await Promise.all([
      verify(shopped.ctx, null, licence.purchaseCode),
      verify(shopped.ctx, 'smk_made-up', licence.purchaseCode),
      verify(shopped.ctx, token, licence.purchaseCode),
    ]);
    const malformed = await verify(shopped.ctx, (await createToken(shopped.ctx, shopped.seller)).token, 'not-a-code');

    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe(INVALID_TOKEN_MESSAGE);
    }
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps only a hash of each token, shows the token once, and lists tokens without them', async () => {
    const shopped = await shop();
    const created = await createToken(shopped.ctx, shopped.seller, 'Launcher');

    const listed = await injectAs(shopped.ctx, shopped.seller, { method: 'GET', url: '/api/licence/tokens' });
    const rows = await shopped.ctx.db.selectFrom('api_tokens').selectAll().execute();

    expect(created.token).toMatch(/^smk_[A-Za-z0-9_-]{43}$/);
    expect(listed.json()).toEqual([
      {
        _id: created._id,
        name: 'Launcher',
        scopes: ['licences:read'],
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      },
    ]);
    expect(listed.body).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(4));
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const others = await injectAs(shopped.ctx, shopped.otherSeller, { method: 'GET', url: '/api/licence/tokens' });
    expect(others.json()).toEqual([]);
    const revokeOthers = await injectAs(shopped.ctx, shopped.otherSeller, { method: 'DELETE', url: `/api/licence/tokens/${created._id}` });
    expect(revokeOthers.statusCode).toBe(404);
  });

  it('keeps at most ten live tokens a seller, and a revoked one frees a place', async () => {
    const shopped = await shop();
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, n) => createToken(shopped.ctx, shopped.seller, `Server ${n}`)));

    const eleventh = await injectAs(shopped.ctx, shopped.seller, {
      method: 'POST',
      url: '/api/licence/tokens',
      payload: { name: 'One more', scopes: ['licences:read'] },
    });
    await injectAs(shopped.ctx, shopped.seller, { method: 'DELETE', url: `/api/licence/tokens/${tokens[0]!._id}` });
    const afterRevoking = await injectAs(shopped.ctx, shopped.seller, {
      method: 'POST',
      url: '/api/licence/tokens',
      payload: { name: 'One more', scopes: ['licences:read'] },
    });

    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(TOO_MANY_TOKENS_MESSAGE);
    expect(afterRevoking.statusCode).toBe(201);
  });

  it('answers the 61st check of a token in a minute with 429 and Retry-After, and counts each token apart', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    const { token } = await createToken(shopped.ctx, shopped.seller);
    const other = await createToken(shopped.ctx, shopped.seller, 'Second server');

    const statuses: number[] = [];
    for (let n = 0; n < 61; n += 1) statuses.push((await verify(shopped.ctx, token, licence.purchaseCode)).statusCode);
    const limited = await verify(shopped.ctx, token, licence.purchaseCode);
    // The same token however the header spells it: one count.
    const respelled = await Promise.all(
      [`bearer ${token}`, `BEARER  ${token}`, `Bearer\t${token} `].map((authorization) =>
        shopped.ctx.app.inject({ method: 'GET', url: `/api/licence/verify?code=${licence.purchaseCode}`, headers: { authorization } }),
      ),
    );
    const otherToken = await verify(shopped.ctx, other.token, licence.purchaseCode);

    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(respelled.map((answer) => answer.statusCode)).toEqual([429, 429, 429]);
    expect(otherToken.statusCode).toBe(200);
  });
});

describe('the licence certificate', () => {
  it('is a PDF that holds the code, the buyer, the product and the terms, for the buyer and admins', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(1));
    const url = `/api/licence/${licence.purchaseCode}/certificate.pdf`;

    const response = await injectAs(shopped.ctx, shopped.buyer, { method: 'GET', url });
    const byAdmin = await injectAs(shopped.ctx, shopped.admin, { method: 'GET', url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(byAdmin.statusCode).toBe(200);
    const pdf = await getDocument({ data: new Uint8Array(response.rawPayload), standardFontDataUrl: STANDARD_FONTS }).promise;
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain(licence.purchaseCode);
    expect(text).toContain('Jamie Buyer');
    expect(text).toContain('Space Runner');
    expect(text).toContain('Single App License');
    expect(text).toContain('com.jamie.runner1');
    expect(text).toContain('one app or game listing in one store account');
    const [, , widthPt, heightPt] = page.view;
    expect([Math.round(widthPt!), Math.round(heightPt!)]).toEqual([595, 842]);
  });

  it('prints non-Latin names as they are written, in an embedded font kept small', async () => {
    const shopped = await shop();
    const buyer = await createUser(shopped.ctx, { name: 'Юлия Ковальчук Ελένη Łódź' });
    const product = await createApprovedProduct(shopped.ctx, shopped.seller, shopped.admin, {
      title: JSON.stringify({ en: 'Гонки Ωmega' }),
    });
    await buyWithCard(shopped.ctx, buyer, [singleLine(product._id)]);
    const [licence] = await licencesOf(shopped.ctx, buyer);

    const response = await injectAs(shopped.ctx, buyer, { method: 'GET', url: `/api/licence/${licence!.purchaseCode}/certificate.pdf` });

    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Юлия Ковальчук Ελένη Łódź');
    expect(text).toContain('Гонки Ωmega');
    expect(text).not.toContain('?');
    // Only the glyphs used are embedded, not the font's 750 KB.
    expect(response.rawPayload.length).toBeLessThan(120_000);
  });

  it('stays one page with the longest names and forty apps', async () => {
    const shopped = await shop();
    const buyer = await createUser(shopped.ctx, { name: 'W'.repeat(80) });
    const product = await createApprovedProduct(shopped.ctx, shopped.seller, shopped.admin, {
      title: JSON.stringify({ en: 'Wide '.repeat(24).trim() }),
    });
    await buyWithCard(shopped.ctx, buyer, [multiLine(product._id)]);
    const [licence] = await licencesOf(shopped.ctx, buyer);
    for (let n = 0; n < 40; n += 1) {
      const bundleId = `com.${'w'.repeat(60)}.${'m'.repeat(60)}.app${n}`;
      const registered = await registerApp(shopped.ctx, buyer, licence!.purchaseCode, {
        appName: 'W'.repeat(120),
        bundleId,
        storeUrl: `https://play.google.com/store/apps/details?id=${bundleId}&hl=${'x'.repeat(1500)}`,
      });
      expect(registered.statusCode).toBe(201);
    }

    const response = await injectAs(shopped.ctx, buyer, { method: 'GET', url: `/api/licence/${licence!.purchaseCode}/certificate.pdf` });

    const pdf = await getDocument({ data: new Uint8Array(response.rawPayload), standardFontDataUrl: STANDARD_FONTS }).promise;
    expect(pdf.numPages).toBe(1);
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('and 32 more');
    expect(text).toContain(licence!.purchaseCode);
  });
});

describe('names stored before the rules refused invisible characters', () => {
  it('reach the verify answer, the certificate and mails without them', async () => {
    const shopped = await shop();
    const { licence } = await boughtLicence(shopped, shopped.runner._id);
    await registerApp(shopped.ctx, shopped.buyer, licence.purchaseCode, app(1));
    await shopped.ctx.db
      .updateTable('users')
      .set({ name: 'Jamie\u0007 Bu\u001b[31myer\u202E' })
      .where('id', '=', shopped.buyer._id)
      .execute();
    await shopped.ctx.db.updateTable('licence_apps').set({ app_name: 'Runner\u200B 1\u0007' }).execute();
    const { token } = await createToken(shopped.ctx, shopped.seller);

    const verified = (await verify(shopped.ctx, token, licence.purchaseCode)).json() as LicenceVerification;
    const certificate = await injectAs(shopped.ctx, shopped.buyer, {
      method: 'GET',
      url: `/api/licence/${licence.purchaseCode}/certificate.pdf`,
    });
    await shopped.ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: shopped.buyer.email } });
    const mail = await shopped.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', shopped.buyer.email)
      .where('subject', '=', 'Reset your password')
      .executeTakeFirstOrThrow();

    expect(verified.buyer.name).toBe('Jamie Bu[31myer');
    expect(verified.registeredApps[0]!.appName).toBe('Runner 1');
    const text = await pdfText(certificate.rawPayload);
    expect(text).toContain('Jamie Bu[31myer');
    expect(text).toContain('Runner 1');
    expect(mail.text_body).toContain('Hello Jamie Bu[31myer,');
    expect(`${mail.text_body}${mail.html_body}`.replaceAll('\n', '')).not.toMatch(INVISIBLE_CHARACTERS);
  });
});
