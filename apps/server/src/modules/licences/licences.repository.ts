import type { LicenceStatus, LicenseType } from '@market/contracts';
import type { Kysely, Selectable } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { ApiTokensTable, Database, LicenceAppsTable } from '../../db/schema.js';

/** A bought line as a licence: its code and status, its purchase, buyer and product. */
export interface LicenceRow {
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
export type ApiTokenRow = Selectable<ApiTokensTable>;

/** Licences, the apps registered to them and sellers' API tokens; no rule lives here. */
export class LicencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private licences() {
    return this.db
      .selectFrom('purchase_lines as l')
      .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .innerJoin('products as pr', 'pr.id', 'l.product_id')
      .select([
        'l.id as line_id',
        'l.purchase_code',
        'l.license_type',
        'l.status',
        'l.revoked_reason',
        'p.id as purchase_id',
        'p.created_at as purchased_at',
        'p.user_id as buyer_id',
        'u.name as buyer_name',
        'pr.id as product_id',
        'pr.user_id as seller_id',
        'pr.thumbnail_key',
      ])
      .select(englishTitleOf('pr.id').as('title'));
  }

  findByCode(code: string): Promise<LicenceRow | undefined> {
    return this.licences().where('l.purchase_code', '=', code).executeTakeFirst();
  }

  /** The buyer's licences, newest purchase first. */
  listOfBuyer(buyerId: string): Promise<LicenceRow[]> {
    return this.licences().where('p.user_id', '=', buyerId).orderBy('p.created_at', 'desc').orderBy('l.id').execute();
  }

  /** The line of a purchase's product, for the download's check. */
  async statusOfLine(purchaseId: string, productId: string): Promise<LicenceStatus | undefined> {
    const row = await this.db
      .selectFrom('purchase_lines')
      .select('status')
      .where('purchase_id', '=', purchaseId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row?.status;
  }

  /** Live (not cleared) registrations of these licences, oldest first. */
  async liveAppsOf(lineIds: readonly string[]): Promise<LicenceAppRow[]> {
    if (lineIds.length === 0) return [];
    return this.db
      .selectFrom('licence_apps')
      .selectAll()
      .where('purchase_line_id', 'in', lineIds)
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
    return this.db.transaction().execute(async (trx) => {
      const active = await trx
        .updateTable('purchase_lines')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', row.purchase_line_id)
        .where('status', '=', 'Active')
        .executeTakeFirst();
      if (Number(active.numUpdatedRows) === 0) return 'revoked';
      const { live } = await trx
        .selectFrom('licence_apps')
        .select((eb) => eb.fn.countAll<string | number>().as('live'))
        .where('purchase_line_id', '=', row.purchase_line_id)
        .where('cleared_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live) >= maxApps) return 'full';
      await trx.insertInto('licence_apps').values(row).execute();
      return 'inserted';
    });
  }

  /** Renames or re-links a live registration; answers whether there was one. */
  async updateApp(
    lineId: string,
    appId: string,
    changes: { app_name?: string; store_url?: string | null; updated_at: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('licence_apps')
      .set(changes)
      .where('id', '=', appId)
      .where('purchase_line_id', '=', lineId)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Clears a live registration, keeping who and why; answers whether there was one. */
  async clearApp(
    lineId: string,
    appId: string,
    cleared: { cleared_at: string; cleared_by: string; cleared_reason: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('licence_apps')
      .set(cleared)
      .where('id', '=', appId)
      .where('purchase_line_id', '=', lineId)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes an active licence; answers false when it was revoked already (the first reason stays). */
  async revoke(lineId: string, reason: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('purchase_lines')
      .set({ status: 'Revoked', revoked_reason: reason, revoked_at: at })
      .where('id', '=', lineId)
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
   * Stores the token unless its owner already holds `limit` live ones; answers whether it was stored.
   * The owner's row is written first, so two concurrent creations by one seller take turns.
   */
  async insertTokenWithin(row: ApiTokenRow, limit: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ id: row.user_id }).where('id', '=', row.user_id).execute();
      const { live } = await trx
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<string | number>().as('live'))
        .where('user_id', '=', row.user_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live) >= limit) return false;
      await trx.insertInto('api_tokens').values(row).execute();
      return true;
    });
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

  /** The live token with this hash, its last use moved to `at`. */
  async useToken(tokenHash: string, at: string): Promise<ApiTokenRow | undefined> {
    const token = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (token) await this.db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', token.id).execute();
    return token;
  }
}
