import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, PaymentsTable } from '../../db/schema.js';

export type PaymentRow = Selectable<PaymentsTable>;

/** A product as checkout prices it. */
export interface SaleProductRow {
  id: string;
  /** The seller. */
  user_id: string;
  status: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  reskin_price_cents: number | null;
  title: string | null;
}

/** A payment in one of these no longer waits to become a purchase: recorded ('succeeded') or given up by the provider. */
const CLOSED_PAYMENT_STATUSES = ['succeeded', 'failed', 'canceled'];

/** Payments keep their lines as JSON text, so a product is found by its serialised `"productId":"…"`. */
const linesNaming = (productId: string) => {
  const pattern = `%${JSON.stringify({ productId })
    .slice(1, -1)
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lines like ${pattern} escape '\\'`;
};

export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: PaymentRow): Promise<void> {
    await this.db.insertInto('payments').values(row).execute();
  }

  findByIntentId(providerIntentId: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('provider_intent_id', '=', providerIntentId).executeTakeFirst();
  }

  /** Payments for the product neither recorded nor given up, opened after `sinceIso` (all when null). */
  openPaymentsOf(productId: string, sinceIso: string | null): Promise<Pick<PaymentRow, 'id' | 'provider_intent_id'>[]> {
    return this.db
      .selectFrom('payments')
      .select(['id', 'provider_intent_id'])
      .where('status', 'not in', CLOSED_PAYMENT_STATUSES)
      .$if(sinceIso !== null, (query) => query.where('created_at', '>', sinceIso!))
      .where(linesNaming(productId))
      .execute();
  }

  /** Payments opened before `beforeIso` that never became a purchase, oldest first. */
  unrecordedBefore(beforeIso: string, limit: number): Promise<Pick<PaymentRow, 'id' | 'provider_intent_id' | 'status'>[]> {
    return this.db
      .selectFrom('payments')
      .select(['id', 'provider_intent_id', 'status'])
      .where('created_at', '<', beforeIso)
      .where('status', '!=', 'succeeded')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('purchases').select('purchases.id').whereRef('purchases.payment_id', '=', 'payments.id'))),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /**
   * Checkouts opened between `afterIso` and `beforeIso` still waiting to be recorded ('created'; the
   * purchase's insert sets 'succeeded' in its transaction), newest first.
   */
  createdBetween(afterIso: string, beforeIso: string, limit: number): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('status', '=', 'created')
      .where('created_at', '>', afterIso)
      .where('created_at', '<', beforeIso)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('payments').where('id', '=', id).execute();
  }

  async setStatus(id: string, status: string, updatedAt: string): Promise<void> {
    await this.db.updateTable('payments').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
  }

  /** The stored prices and status of the products, with their English (or first) title. */
  saleProducts(ids: readonly string[]): Promise<SaleProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('products as p')
      .select(['p.id', 'p.user_id', 'p.status', 'p.single_app_license_cents', 'p.multi_app_license_cents', 'p.reskin_price_cents'])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.id', 'in', ids)
      .execute();
  }
}
