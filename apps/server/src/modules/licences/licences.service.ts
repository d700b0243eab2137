import { createHash, randomBytes } from 'node:crypto';
import {
  apiPath,
  API_PATHS,
  APP_ALREADY_REGISTERED_MESSAGE,
  centsToDollars,
  INVALID_TOKEN_MESSAGE,
  isStoreUrlOfOtherApp,
  LICENCE_FULL_MESSAGE,
  LICENCE_APP_NOT_FOUND_MESSAGE,
  LICENCE_NOT_FOUND_MESSAGE,
  LICENCE_REVOKED_MESSAGE,
  MAX_APPS_PER_LICENCE,
  MAX_LIVE_API_TOKENS,
  STORE_URL_OF_OTHER_APP_MESSAGE,
  singleAppTakenMessage,
  titleToSlug,
  TOKEN_NOT_FOUND_MESSAGE,
  TOO_MANY_TOKENS_MESSAGE,
  UNKNOWN_PURCHASE_CODE_MESSAGE,
  UPGRADE_MESSAGES,
  type ApiToken,
  type CreatedToken,
  type CreatePaymentIntentResponse,
  type Licence,
  type LicenceVerification,
  type SessionUser,
  type UpgradeLicenceBody,
  withoutInvisibleCharacters,
  apiScopeSchema,
  missingScopeMessage,
  type ApiScope,
  type ApiV1Licence,
  type CreateTokenBody,
  type LicenceRevokedData,
} from '@market/contracts';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import { type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type ApiTokenRow, type LicenceAppRow, type LicenceRow, LicencesRepository, type NewLicence } from './licences.repository.js';
import { certificatePdf } from './certificate.js';
import { holdsLicence, managesLicences, seesLicence, tokenMay, tokenVerifies } from './policies.js';
import type { Kysely } from 'kysely';
import type { WebhookEvents } from '../webhooks/index.js';
import type { Database } from '../../db/schema.js';

export interface NewApp {
  appName: string;
  bundleId: string;
  storeUrl?: string | null;
}

export interface AppChanges {
  appName?: string;
  storeUrl?: string | null;
}

/** SHA-256 is enough for a token of 256 random bits: nothing to guess, so nothing to slow down. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization: Bearer …` header, however the scheme is cased or spaced. */
export const bearerTokenOf = (authorization: string | undefined) => /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/** A token's last use is written at most this often: a busy token costs one write a minute, not one a call. */
const LAST_USE_PRECISION_MS = MINUTE_MS;

/** Who a live token speaks for, and what it may do (docs/decisions/0014). */
export interface TokenHolder {
  tokenId: string;
  userId: string;
  scopes: readonly ApiScope[];
}

/** The stored scopes; a name this version does not know grants nothing. */
const scopesOf = (row: Pick<ApiTokenRow, 'scopes'>): ApiScope[] => {
  const stored: unknown = JSON.parse(row.scopes);
  return Array.isArray(stored) ? stored.flatMap((scope) => (apiScopeSchema.safeParse(scope).success ? [scope as ApiScope] : [])) : [];
};

/** Prefixed, so a token pasted in the wrong place is recognisable (and findable by secret scanners). */
const newToken = () => `smk_${randomBytes(32).toString('base64url')}`;

/** What an upgrade costs and how it is paid for (docs/decisions/0010): the checkout's, filled by the composition root. */
export interface LicenceUpgrades {
  /** Today's price of upgrading a Single licence of each product (a running sale's included); a product not for sale is left out. */
  pricesOf(productIds: readonly string[]): Promise<Map<string, { listCents: number; paidCents: number }>>;
  /**
   * Prices the upgrade, opens the provider's intent and the pending order of its one upgrade line, as
   * the cart's checkout does; `holdIn` runs first in the order's transaction.
   */
  open(
    actor: SessionUser,
    upgrade: UpgradeLicenceBody & { licenceId: string; productId: string },
    holdIn: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<CreatePaymentIntentResponse>;
}

export interface LicencesServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  upgrades: LicenceUpgrades;
  /** The seller's endpoints hear of each licence an admin revokes (docs/decisions/0015). */
  webhooks: WebhookEvents;
}

/** Licences: read by their buyer (and admins), apps registered to them, revoked by admins, verified by sellers. */
export class LicencesService {
  private readonly licences: LicencesRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly upgrades: LicenceUpgrades;
  private readonly webhooks: WebhookEvents;

  constructor({ db, inTransaction, clock, upgrades, webhooks }: LicencesServiceDependencies) {
    this.licences = new LicencesRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.upgrades = upgrades;
    this.webhooks = webhooks;
  }

  /** Whether the user holds an active licence of the product (bought, not refunded, not revoked). */
  holds(userId: string, productId: string): Promise<boolean> {
    return this.licences.holds(userId, productId);
  }

  /** One licence per sold licence line, inside the sale's transaction. */
  issueIn(trx: Kysely<Database>, licences: readonly NewLicence[]): Promise<void> {
    return new LicencesRepository(trx).issue(licences);
  }

  /** A refunded line's licence revoked and its downloads shut, inside the refund's transaction. */
  revokeRefundedIn(trx: Kysely<Database>, lineId: string, reason: string, at: string): Promise<void> {
    return new LicencesRepository(trx).revokeRefunded(lineId, reason, at);
  }

  /** A line's licence revoked when its payment's dispute was lost (docs/decisions/0012, "Disputes"), inside that transaction. */
  revokeDisputedIn(trx: Kysely<Database>, lineId: string, reason: string, at: string): Promise<void> {
    return new LicencesRepository(trx).revokeRefunded(lineId, reason, at);
  }

  /** Paid upgrades' licences become Multi App Licenses, inside the payment's transaction (docs/decisions/0010). */
  upgradeIn(trx: Kysely<Database>, licenceIds: readonly string[]): Promise<void> {
    return new LicencesRepository(trx).setType(licenceIds, 'Multi App License');
  }

  /**
   * A refunded upgrade's licence is a Single App License again, inside the refund's transaction: not
   * revoked, its registered apps kept, new ones refused while it holds one or more (docs/decisions/0010).
   */
  undoUpgradeIn(trx: Kysely<Database>, licenceId: string): Promise<void> {
    return new LicencesRepository(trx).setType([licenceId], 'Single App License');
  }

  /** The purchase codes of these licences, by licence id (an upgrade's receipt shows the code it upgraded). */
  codesOf(licenceIds: readonly string[]): Promise<Map<string, string>> {
    return this.licences.codesOf(licenceIds);
  }

  /**
   * POST /api/licence/{code}/upgrade: its holder's active Single App License becomes Multi once the
   * difference is paid. Opens the checkout and answers it as create-payment-intent does.
   */
  async upgrade(actor: SessionUser, code: string, body: UpgradeLicenceBody): Promise<CreatePaymentIntentResponse> {
    const licence = await this.held(actor, code);
    if (licence.license_type === 'Multi App License') throw conflict(UPGRADE_MESSAGES.alreadyMulti);
    return this.upgrades.open(actor, { ...body, licenceId: licence.licence_id, productId: licence.product_id }, async (trx) => {
      const licences = new LicencesRepository(trx);
      if (await licences.holdSingleActive(licence.licence_id)) return;
      // Revoked, or upgraded by another checkout, since it was read.
      const now = await licences.findByCode(licence.purchase_code);
      if (now?.status === 'Revoked') throw forbidden(LICENCE_REVOKED_MESSAGE);
      throw conflict(UPGRADE_MESSAGES.alreadyMulti);
    });
  }

  /** The stored download flag of the licence of an order's product (docs/product-spec.md's updateDownload). */
  setDownloadFlag(orderId: string, productId: string, enabled: boolean): Promise<void> {
    return this.licences.setDownloadFlag(orderId, productId, enabled);
  }

  async mine(actor: SessionUser): Promise<Licence[]> {
    return this.views(await this.licences.listOfBuyer(actor._id));
  }

  /** Another buyer's code answers as an unknown one: a code's existence is not told to strangers. */
  async byCode(actor: SessionUser, code: string): Promise<Licence> {
    return this.view(await this.seen(actor, code));
  }

  /** The certificate as a PDF, made now from the licence as stored. */
  async certificate(actor: SessionUser, code: string): Promise<{ fileName: string; pdf: Buffer }> {
    const licence = await this.byCode(actor, code);
    return { fileName: `licence-${licence.purchaseCode}.pdf`, pdf: await certificatePdf(licence, this.clock.now()) };
  }

  async registerApp(actor: SessionUser, code: string, app: NewApp): Promise<Licence> {
    const licence = await this.held(actor, code);
    const now = this.clock.now().toISOString();
    const soleApp = licence.license_type === 'Single App License';
    // A Single licence with more apps, kept from before its upgrade was refunded, takes no new one.
    const maxApps = soleApp ? 1 : MAX_APPS_PER_LICENCE;
    let outcome: 'inserted' | 'revoked' | 'full';
    try {
      const registration = {
        id: newId(),
        licence_id: licence.licence_id,
        app_name: app.appName,
        bundle_id: app.bundleId,
        store_url: app.storeUrl ?? null,
        sole_app: soleApp ? 1 : 0,
        created_at: now,
        updated_at: now,
        cleared_at: null,
        cleared_by: null,
        cleared_reason: null,
      };
      outcome = await this.inTransaction((trx) => new LicencesRepository(trx).insertAppWhileActive(registration, maxApps));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The database decides, so two registrations sent at once cannot both take a Single licence.
      const [registered] = await this.licences.liveAppsOf([licence.licence_id]);
      const sameApp = registered?.bundle_id.toLowerCase() === app.bundleId.toLowerCase();
      if (soleApp && registered && !sameApp) throw conflict(singleAppTakenMessage(registered.app_name));
      throw conflict(APP_ALREADY_REGISTERED_MESSAGE, 'bundleId');
    }
    if (outcome === 'revoked') throw forbidden(LICENCE_REVOKED_MESSAGE);
    if (outcome === 'full') {
      const [first] = await this.licences.liveAppsOf([licence.licence_id]);
      throw conflict(soleApp && first ? singleAppTakenMessage(first.app_name) : LICENCE_FULL_MESSAGE);
    }
    return this.view(licence);
  }

  async updateApp(actor: SessionUser, code: string, appId: string, changes: AppChanges): Promise<Licence> {
    const licence = await this.held(actor, code);
    const registered = (await this.licences.liveAppsOf([licence.licence_id])).find((candidate) => candidate.id === appId);
    if (!registered) throw notFound(LICENCE_APP_NOT_FOUND_MESSAGE);
    if (isStoreUrlOfOtherApp(changes.storeUrl, registered.bundle_id)) throw badRequest(STORE_URL_OF_OTHER_APP_MESSAGE, 'storeUrl');
    const updated = await this.licences.updateApp(licence.licence_id, appId, {
      ...(changes.appName === undefined ? {} : { app_name: changes.appName }),
      ...(changes.storeUrl === undefined ? {} : { store_url: changes.storeUrl }),
      updated_at: this.clock.now().toISOString(),
    });
    if (!updated) throw notFound(LICENCE_APP_NOT_FOUND_MESSAGE);
    return this.view(licence);
  }

  async clearApp(actor: SessionUser, code: string, appId: string, reason: string): Promise<Licence> {
    if (!managesLicences(actor)) throw forbidden('Only an admin can clear a registered app');
    const licence = await this.known(code);
    const cleared = await this.licences.clearApp(licence.licence_id, appId, {
      cleared_at: this.clock.now().toISOString(),
      cleared_by: actor._id,
      cleared_reason: reason,
    });
    if (!cleared) throw notFound(LICENCE_APP_NOT_FOUND_MESSAGE);
    return this.view(licence);
  }

  async revoke(actor: SessionUser, code: string, reason: string): Promise<Licence> {
    if (!managesLicences(actor)) throw forbidden('Only an admin can revoke a licence');
    const licence = await this.known(code);
    const revokedAt = this.clock.now().toISOString();
    const revoked = await this.inTransaction(async (trx, afterCommit) => {
      if (!(await new LicencesRepository(trx).revoke(licence.licence_id, reason, revokedAt))) return false;
      const data: LicenceRevokedData = {
        licenceCode: licence.purchase_code,
        orderId: licence.purchase_id,
        lineId: licence.line_id,
        productId: licence.product_id,
        reason,
        revokedAt,
      };
      await this.webhooks.emit(trx, afterCommit, licence.seller_id, 'licence.revoked', data);
      return true;
    });
    if (!revoked) throw conflict(LICENCE_REVOKED_MESSAGE);
    return this.view({ ...licence, status: 'Revoked', revoked_reason: reason });
  }

  /**
   * A seller's check of a code: the same 404 for a code nobody holds and for another seller's
   * product's code, so a token tells nothing about other sellers' sales.
   */
  async verify(holder: TokenHolder, code: string): Promise<LicenceVerification> {
    return this.verification(await this.ofSeller(holder, code));
  }

  /** GET /api/v1/licences/{code}: a licence of one of the token owner's products; anyone else's answers 404. */
  async ofTokenOwner(holder: TokenHolder, code: string): Promise<ApiV1Licence> {
    const licence = await this.ofSeller(holder, code);
    return { ...(await this.verification(licence)), purchaseCode: licence.purchase_code, revokedReason: licence.revoked_reason };
  }

  /**
   * POST /api/v1/licences/{code}/revoke: the seller revokes a licence of their own product with a
   * reason, as an admin does (the first reason stays; revoking twice is a conflict).
   */
  async revokeByTokenOwner(holder: TokenHolder, code: string, reason: string): Promise<ApiV1Licence> {
    const licence = await this.ofSeller(holder, code);
    if (!(await this.licences.revoke(licence.licence_id, reason, this.clock.now().toISOString()))) throw conflict(LICENCE_REVOKED_MESSAGE);
    return this.ofTokenOwner(holder, code);
  }

  /** The same 404 for a code nobody holds and another seller's product's code. */
  private async ofSeller(holder: TokenHolder, code: string): Promise<LicenceRow> {
    const licence = await this.licences.findByCode(code);
    if (!licence || !tokenVerifies(holder, licence)) throw notFound(UNKNOWN_PURCHASE_CODE_MESSAGE);
    return licence;
  }

  private async verification(licence: LicenceRow): Promise<LicenceVerification> {
    const apps = await this.licences.liveAppsOf([licence.licence_id]);
    return {
      valid: licence.status === 'Active',
      status: licence.status,
      // Read by the seller's own programs, which may print it to a terminal or a log unescaped.
      product: { _id: licence.product_id, title: withoutInvisibleCharacters(licence.title ?? '') },
      licenseType: licence.license_type,
      purchasedAt: licence.purchased_at,
      buyer: { name: withoutInvisibleCharacters(licence.buyer_name) },
      registeredApps: apps.map((app) => ({
        appName: withoutInvisibleCharacters(app.app_name),
        bundleId: app.bundle_id,
        storeUrl: app.store_url,
      })),
    };
  }

  /**
   * The holder of the live, unexpired token an `Authorization: Bearer` header carries (401 otherwise,
   * an expired token like an unknown one), refused with 403 naming `scope` when the token lacks it.
   */
  async authorise(authorization: string | undefined, scope: ApiScope): Promise<TokenHolder> {
    const token = bearerTokenOf(authorization);
    const now = this.clock.now();
    const row = token ? await this.licences.liveToken(hashToken(token), now.toISOString()) : undefined;
    if (!row) throw unauthorized(INVALID_TOKEN_MESSAGE);
    const holder = { tokenId: row.id, userId: row.user_id, scopes: scopesOf(row) };
    if (!tokenMay(holder, scope)) throw new HttpError(403, missingScopeMessage(scope), undefined, { code: 'missing_scope' });
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= LAST_USE_PRECISION_MS) {
      await this.licences.touchToken(row.id, now.toISOString(), new Date(now.getTime() - LAST_USE_PRECISION_MS).toISOString());
    }
    return holder;
  }

  async tokens(actor: SessionUser): Promise<ApiToken[]> {
    const rows = await this.licences.liveTokensOf(actor._id);
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      scopes: scopesOf(row),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  async createToken(actor: SessionUser, { name, scopes, expiresInDays }: CreateTokenBody): Promise<CreatedToken> {
    const token = newToken();
    const now = this.clock.now();
    const row: ApiTokenRow = {
      id: newId(),
      user_id: actor._id,
      name,
      token_hash: hashToken(token),
      // In the contracts' order, whatever order they were ticked in.
      scopes: JSON.stringify(apiScopeSchema.options.filter((scope) => scopes.includes(scope))),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + expiresInDays * DAY_MS).toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    const stored = await this.inTransaction((trx) =>
      new LicencesRepository(trx).insertTokenWithin(row, MAX_LIVE_API_TOKENS, row.created_at),
    );
    if (!stored) throw conflict(TOO_MANY_TOKENS_MESSAGE);
    return { _id: row.id, name: row.name, token, scopes: scopesOf(row), createdAt: row.created_at, expiresAt: row.expires_at };
  }

  async revokeToken(actor: SessionUser, tokenId: string): Promise<void> {
    if (!(await this.licences.revokeToken(actor._id, tokenId, this.clock.now().toISOString()))) throw notFound(TOKEN_NOT_FOUND_MESSAGE);
  }

  private async known(code: string): Promise<LicenceRow> {
    const licence = await this.licences.findByCode(code);
    if (!licence) throw notFound(LICENCE_NOT_FOUND_MESSAGE);
    return licence;
  }

  private async seen(actor: SessionUser, code: string): Promise<LicenceRow> {
    const licence = await this.known(code);
    if (!seesLicence(actor, licence)) throw notFound(LICENCE_NOT_FOUND_MESSAGE);
    return licence;
  }

  /** The buyer's own, active licence: only they register and rename its apps. */
  private async held(actor: SessionUser, code: string): Promise<LicenceRow> {
    const licence = await this.known(code);
    if (!holdsLicence(actor, licence)) throw notFound(LICENCE_NOT_FOUND_MESSAGE);
    if (licence.status === 'Revoked') throw new HttpError(403, LICENCE_REVOKED_MESSAGE);
    return licence;
  }

  private async view(licence: LicenceRow): Promise<Licence> {
    const [view] = await this.views([licence]);
    return view!;
  }

  private async views(rows: LicenceRow[]): Promise<Licence[]> {
    const apps = await this.licences.liveAppsOf(rows.map((row) => row.licence_id));
    const upgradable = rows.filter((row) => row.status === 'Active' && row.license_type === 'Single App License');
    const upgrades = upgradable.length ? await this.upgrades.pricesOf([...new Set(upgradable.map((row) => row.product_id))]) : new Map();
    const appsByLine = new Map<string, LicenceAppRow[]>();
    for (const app of apps) appsByLine.set(app.licence_id, [...(appsByLine.get(app.licence_id) ?? []), app]);
    return rows.map((row) => {
      const title = row.title ?? '';
      return {
        purchaseCode: row.purchase_code,
        licenseType: row.license_type,
        status: row.status,
        revokedReason: row.revoked_reason,
        purchaseId: row.purchase_id,
        purchasedAt: row.purchased_at,
        buyer: { _id: row.buyer_id, name: row.buyer_name },
        product: {
          _id: row.product_id,
          title,
          slug: titleToSlug(title),
          thumbnail: apiPath(API_PATHS.files.image, { key: row.thumbnail_key }),
        },
        registeredApps: (appsByLine.get(row.licence_id) ?? []).map((app) => ({
          _id: app.id,
          appName: app.app_name,
          bundleId: app.bundle_id,
          storeUrl: app.store_url,
          registeredAt: app.created_at,
        })),
        upgrade: upgradeOffer(row, upgrades.get(row.product_id)),
      };
    });
  }
}

/** What upgrading the licence costs today, or null when it cannot be upgraded. */
function upgradeOffer(row: LicenceRow, price: { listCents: number; paidCents: number } | undefined): Licence['upgrade'] {
  if (!price || row.status !== 'Active' || row.license_type !== 'Single App License') return null;
  return { listPrice: centsToDollars(price.listCents), price: centsToDollars(price.paidCents) };
}
