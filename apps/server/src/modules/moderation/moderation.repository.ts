import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProductModerationLogTable, ProductPendingChangesTable } from '../../db/schema.js';
import { RETIRED } from '../catalogue/index.js';

export type ModerationLogRow = Selectable<ProductModerationLogTable>;
export type PendingChangeRow = Selectable<ProductPendingChangesTable>;

/** SQL of moderation: the audit list of decisions and the sellers' changes waiting for an admin. */
export class ModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async log(trx: Kysely<Database>, row: Insertable<ProductModerationLogTable>): Promise<void> {
    await trx.insertInto('product_moderation_log').values(row).execute();
  }

  /** A product's decisions with the deciding admin's name, newest first. */
  logOf(productId: string) {
    return this.db
      .selectFrom('product_moderation_log as l')
      .innerJoin('users as u', 'u.id', 'l.actor_id')
      .select(['l.id', 'l.action', 'l.reason', 'l.note', 'l.created_at', 'l.actor_id', 'u.name as actor_name'])
      .where('l.product_id', '=', productId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .execute();
  }

  /** Stores the seller's change in place of any open one for the product (one per product); answers the replaced change. Inside the caller's unit of work. */
  async replacePendingChange(row: PendingChangeRow): Promise<PendingChangeRow | undefined> {
    const replaced = await this.takePendingChangeOf(this.db, row.product_id);
    await this.db.insertInto('product_pending_changes').values(row).execute();
    return replaced;
  }

  /** Removes the product's open change, if any, and answers it. */
  async takePendingChangeOf(trx: Kysely<Database>, productId: string): Promise<PendingChangeRow | undefined> {
    const open = await trx.selectFrom('product_pending_changes').selectAll().where('product_id', '=', productId).executeTakeFirst();
    if (open) await trx.deleteFrom('product_pending_changes').where('id', '=', open.id).execute();
    return open;
  }

  /** Removes the change; false when another call removed it first (approved, rejected or replaced meanwhile). */
  async removePendingChange(trx: Kysely<Database>, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('product_pending_changes').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  pendingChangeOf(productId: string): Promise<PendingChangeRow | undefined> {
    return this.db.selectFrom('product_pending_changes').selectAll().where('product_id', '=', productId).executeTakeFirst();
  }

  findPendingChange(id: string): Promise<PendingChangeRow | undefined> {
    return this.db.selectFrom('product_pending_changes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Open changes of products still in the catalogue, oldest first, with their seller's name. */
  pendingChanges() {
    return this.db
      .selectFrom('product_pending_changes as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select('u.name as seller_name')
      .where('p.status', '!=', RETIRED)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }

  /** Where a mail to the seller goes. */
  contactOf(userId: string): Promise<{ email: string; name: string } | undefined> {
    return this.db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
  }
}
