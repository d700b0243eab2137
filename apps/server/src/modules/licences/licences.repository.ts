import type { LicenceStatus, LicenseType } from '@market/contracts';
import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { ApiTokensTable, Database, LicenceAppsTable, LicencesTable } from '../../db/schema.js';
import { soldLicenceLines, soldRefundableLines } from '../orders/index.js';

/** A licence: its code and status, its order line and order (the purchase), holder and product. */
export interface LicenceRow {
  licence_id: string;
  line_id: string;
  purchase_code: string;
  license_type: LicenseType;
  status: LicenceStatus;
  revoked_reason: string | null;
  purchase_id: string;
  purchased_at: string;
  buyer_id: string;
  buyer_name: string;
  product_id: string;
  seller_id: string;
  thumbnail_key: string;
  title: string | null;
}

export type LicenceAppRow = Selectable<LicenceAppsTable>;
export type NewLicence = Omit<
  Selectable<LicencesTable>,
  'status' | 'revoked_reason' | 'revoked_at' | 'download_enabled' | 'license_type'
> & {
  download_enabled?: number;
};

/**
 * Licences (`c`) with their sold line (`l`) and order (`o`), for another module's read that needs a
 * join (downloads, reviews, the admins' lists): the door's query, never the table's name.
 */
export const soldLicences = (db: Kysely<Database>) => soldLicenceLines(db).innerJoin('licences as c', 'c.order_line_id', 'l.id');

/**
 * Sold licence lines and the upgrades of their licences (`l`, kind `licence` or `upgrade`), each with
 * its order (`o`) and the licence it is or upgrades (`c`): what a buyer paid for and may have refunded
 * (docs/decisions/0010). The door's query, never the table's name.
 */
export const soldLicencesAndUpgrades = (db: Kysely<Database>) =>
  soldRefundableLines(db).innerJoin('licences as c', (join) =>
    join.on((eb) => eb.or([eb('c.order_line_id', '=', eb.ref('l.id')), eb('c.id', '=', eb.ref('l.licence_id'))])),
  );

/** Whether the user `holderRef` holds an active licence of the product `productRef`, as a column of another module's query. */
export const holdsActiveLicence = (holderRef: string, productRef: string) =>
  sql<SqlBool>`exists (select 1 from licences c where c.holder_id = ${sql.ref(holderRef)} and c.product_id = ${sql.ref(productRef)} and c.status = 'Active')`;

/** Whether anybody ever bought the product: a sold product keeps its served releases and is retired, not deleted. */
export async function hasLicences(db: Kysely<Database>, productId: string): Promise<boolean> {
  return (await db.selectFrom('licences').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst()) !== undefined;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

/** Licences, the apps registered to them and sellers' API tokens; no rule lives here. */
export class LicencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Each licence's type is its own once an upgrade, or the refund of one, set it (docs/decisions/0010); else its line's. */
  private licences() {
    return soldLicences(this.db)
      .innerJoin('users as u', 'u.id', 'c.holder_id')
      .innerJoin('products as pr', 'pr.id', 'c.product_id')
      .select([
        'c.id as licence_id',
        'l.id as line_id',
        'c.purchase_code',
        'c.status',
        'c.revoked_reason',
        'o.id as purchase_id',
        'c.created_at as purchased_at',
        'c.holder_id as buyer_id',
        'u.name as buyer_name',
        'pr.id as product_id',
        'pr.user_id as seller_id',
        'pr.thumbnail_key',
      ])
      .select((eb) => eb.fn.coalesce('c.license_type', 'l.license_type').as('license_type'))
      .select(englishTitleOf('pr.id').as('title'));
  }

  findByCode(code: string): Promise<LicenceRow | undefined> {
    return this.licences().where('c.purchase_code', '=', code).executeTakeFirst();
  }

  /** The buyer's licences, newest purchase first. */
  listOfBuyer(buyerId: string): Promise<LicenceRow[]> {
    return this.licences().where('c.holder_id', '=', buyerId).orderBy('c.created_at', 'desc').orderBy('l.id').execute();
  }

  async holds(holderId: string, productId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('licences')
      .select('id')
      .where('holder_id', '=', holderId)
      .where('product_id', '=', productId)
      .where('status', '=', 'Active')
      .executeTakeFirst();
    return row !== undefined;
  }

  async issue(licences: readonly NewLicence[]): Promise<void> {
    if (licences.length > 0) await this.db.insertInto('licences').values(licences).execute();
  }

  /** The download flag of the licence of an order's product. */
  async setDownloadFlag(orderId: string, productId: string, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('licences')
      .set({ download_enabled: enabled ? 1 : 0 })
      .where('product_id', '=', productId)
      .where('order_line_id', 'in', soldLicenceLines(this.db).select('l.id').where('l.order_id', '=', orderId))
      .execute();
  }

  /** Revokes the licence of a refunded line and shuts its downloads; a reason given before stays. */
  async revokeRefunded(lineId: string, reason: string, at: string): Promise<void> {
    await this.db
      .updateTable('licences')
      .set({ status: 'Revoked', revoked_reason: reason, revoked_at: at, download_enabled: 0 })
      .where('order_line_id', '=', lineId)
      .where('status', '=', 'Active')
      .execute();
  }

  /**
   * Holds an active Single licence for its upgrade's checkout: its row written first, so a revocation,
   * a registration or another upgrade of it waits for the checkout's transaction. False when it is
   * revoked or an upgrade made it Multi since the caller read it Single.
   */
  async holdSingleActive(licenceId: string): Promise<boolean> {
    const held = await this.db
      .updateTable('licences')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', licenceId)
      .where('status', '=', 'Active')
      .where((eb) => eb.or([eb('license_type', 'is', null), eb('license_type', '=', 'Single App License')]))
      .executeTakeFirst();
    return Number(held.numUpdatedRows) === 1;
  }

  /** Sets the licences' type: Multi when their upgrade is paid, Single again when it is refunded. */
  async setType(licenceIds: readonly string[], type: LicenseType): Promise<void> {
    if (licenceIds.length > 0) await this.db.updateTable('licences').set({ license_type: type }).where('id', 'in', licenceIds).execute();
  }

  /** The purchase codes of these licences, by licence id. */
  async codesOf(licenceIds: readonly string[]): Promise<Map<string, string>> {
    if (licenceIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('licences').select(['id', 'purchase_code']).where('id', 'in', licenceIds).execute();
    return new Map(rows.map((row) => [row.id, row.purchase_code]));
  }

  /** Live (not cleared) registrations of these licences, oldest first. */
  async liveAppsOf(licenceIds: readonly string[]): Promise<LicenceAppRow[]> {
    if (licenceIds.length === 0) return [];
    return this.db
      .selectFrom('licence_apps')
      .selectAll()
      .where('licence_id', 'in', licenceIds)
      .where('cleared_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Registers the app while the licence is active and holds fewer than `maxApps`. The licence's row is
   * written first, so a revocation or another registration of it waits for this one. Throws a unique
   * violation when the licence's one app, or this bundle id, is already registered.
   */
  async insertAppWhileActive(row: LicenceAppRow, maxApps: number): Promise<'inserted' | 'revoked' | 'full'> {
    const active = await this.db
      .updateTable('licences')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', row.licence_id)
      .where('status', '=', 'Active')
      .executeTakeFirst();
    if (Number(active.numUpdatedRows) === 0) return 'revoked';
    const { live } = await this.db
      .selectFrom('licence_apps')
      .select((eb) => eb.fn.countAll<string | number>().as('live'))
      .where('licence_id', '=', row.licence_id)
      .where('cleared_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(live) >= maxApps) return 'full';
    await this.db.insertInto('licence_apps').values(row).execute();
    return 'inserted';
  }

  /** Renames or re-links a live registration; answers whether there was one. */
  async updateApp(
    licenceId: string,
    appId: string,
    changes: { app_name?: string; store_url?: string | null; updated_at: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('licence_apps')
      .set(changes)
      .where('id', '=', appId)
      .where('licence_id', '=', licenceId)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Clears a live registration, keeping who and why; answers whether there was one. */
  async clearApp(
    licenceId: string,
    appId: string,
    cleared: { cleared_at: string; cleared_by: string; cleared_reason: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('licence_apps')
      .set(cleared)
      .where('id', '=', appId)
      .where('licence_id', '=', licenceId)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes an active licence; answers false when it was revoked already (the first reason stays). */
  async revoke(licenceId: string, reason: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('licences')
      .set({ status: 'Revoked', revoked_reason: reason, revoked_at: at })
      .where('id', '=', licenceId)
      .where('status', '=', 'Active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  liveTokensOf(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * Stores the token unless its owner already holds `limit` live, unexpired ones; answers whether it
   * was stored. The owner's row is written first, so two concurrent creations by one seller take turns.
   */
  async insertTokenWithin(row: ApiTokenRow, limit: number, now: string): Promise<boolean> {
    await this.db.updateTable('users').set({ id: row.user_id }).where('id', '=', row.user_id).execute();
    const { live } = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<string | number>().as('live'))
      .where('user_id', '=', row.user_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(live) >= limit) return false;
    await this.db.insertInto('api_tokens').values(row).execute();
    return true;
  }

  async revokeToken(userId: string, tokenId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The unrevoked, unexpired token with this hash. */
  liveToken(tokenHash: string, now: string): Promise<ApiTokenRow | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Moves the token's last use to `at` unless it was written after `unlessAfter`: one write a minute, however busy the token. */
  async touchToken(tokenId: string, at: string, unlessAfter: string): Promise<void> {
    await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: at })
      .where('id', '=', tokenId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', unlessAfter)]))
      .execute();
  }
}
