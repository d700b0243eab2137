import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DiscountCodesTable } from '../../db/schema.js';

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type NewDiscountCode = Insertable<DiscountCodesTable>;

/** What a code's paid and held uses did, for its seller's list. */
export interface RedemptionFigures {
  code_id: string;
  paid: number;
  held: number;
  paid_cents: number;
  discount_cents: number;
}

/** Discount codes, the products they name, and their uses; no rule lives here. */
export class DiscountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewDiscountCode, productIds: readonly string[]): Promise<void> {
    await this.db.insertInto('discount_codes').values(row).execute();
    await this.setProducts(row.id, productIds);
  }

  async update(id: string, changes: Partial<NewDiscountCode>, productIds: readonly string[]): Promise<void> {
    await this.db.updateTable('discount_codes').set(changes).where('id', '=', id).execute();
    await this.db.deleteFrom('discount_code_products').where('code_id', '=', id).execute();
    await this.setProducts(id, productIds);
  }

  private async setProducts(codeId: string, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await this.db
      .insertInto('discount_code_products')
      .values(productIds.map((productId) => ({ code_id: codeId, product_id: productId })))
      .execute();
  }

  /** Removes a code no order used; one that was used is marked deleted and kept for its orders. */
  async remove(id: string, now: string): Promise<void> {
    const used = await this.db.selectFrom('discount_redemptions').select('id').where('code_id', '=', id).limit(1).executeTakeFirst();
    if (used) await this.db.updateTable('discount_codes').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
    else await this.db.deleteFrom('discount_codes').where('id', '=', id).execute();
  }

  findById(id: string): Promise<DiscountCodeRow | undefined> {
    return this.db.selectFrom('discount_codes').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Every seller's live code with this text (codes are unique per seller, not across sellers). */
  withCode(codeKey: string): Promise<DiscountCodeRow[]> {
    return this.db.selectFrom('discount_codes').selectAll().where('code_key', '=', codeKey).where('deleted_at', 'is', null).execute();
  }

  ofSeller(sellerId: string): Promise<DiscountCodeRow[]> {
    return this.db
      .selectFrom('discount_codes')
      .selectAll()
      .where('seller_id', '=', sellerId)
      .where('platform', '=', 0)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** The platform's codes, whichever admin made them. */
  platformCodes(): Promise<DiscountCodeRow[]> {
    return this.db
      .selectFrom('discount_codes')
      .selectAll()
      .where('platform', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Each code's products, for the codes given. */
  async productsOf(codeIds: readonly string[]): Promise<Map<string, string[]>> {
    const products = new Map<string, string[]>(codeIds.map((id) => [id, []]));
    if (codeIds.length === 0) return products;
    const rows = await this.db
      .selectFrom('discount_code_products')
      .select(['code_id', 'product_id'])
      .where('code_id', 'in', codeIds)
      .orderBy('product_id')
      .execute();
    for (const row of rows) products.get(row.code_id)?.push(row.product_id);
    return products;
  }

  async figuresOf(codeIds: readonly string[]): Promise<Map<string, RedemptionFigures>> {
    if (codeIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('discount_redemptions')
      .select((eb) => [
        'code_id',
        eb.fn.sum<number>(sql`case when status = 'paid' then 1 else 0 end`).as('paid'),
        eb.fn.sum<number>(sql`case when status = 'held' then 1 else 0 end`).as('held'),
        eb.fn.sum<number>(sql`case when status = 'paid' then paid_cents else 0 end`).as('paid_cents'),
        eb.fn.sum<number>(sql`case when status = 'paid' then discount_cents else 0 end`).as('discount_cents'),
      ])
      .where('code_id', 'in', codeIds)
      .groupBy('code_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.code_id,
        {
          code_id: row.code_id,
          paid: Number(row.paid),
          held: Number(row.held),
          paid_cents: Number(row.paid_cents),
          discount_cents: Number(row.discount_cents),
        },
      ]),
    );
  }

  /** Of the ids given, those of the seller's products. */
  async productsOwnedBy(sellerId: string, productIds: readonly string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('products').select('id').where('user_id', '=', sellerId).where('id', 'in', productIds).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Of the ids given, those of products still listed (any seller's): what a platform code may name. */
  async listedProducts(productIds: readonly string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('products').select('id').where('id', 'in', productIds).where('status', '!=', 'Deleted').execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Whether the buyer holds or has paid a use of the code, including uses from before it was one per buyer. */
  async usedBy(codeId: string, buyerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('discount_redemptions')
      .select('id')
      .where('code_id', '=', codeId)
      .where('buyer_id', '=', buyerId)
      .where('status', '<>', 'released')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One more use, only while uses remain: false when another checkout took the last one first. */
  async takeUse(codeId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1), updated_at: now }))
      .where('id', '=', codeId)
      .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('uses', '<', eb.ref('max_redemptions'))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertHold(row: {
    id: string;
    code_id: string;
    order_id: string;
    buyer_id: string;
    buyer_key: string;
    discount_cents: number;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('discount_redemptions')
      .values({
        id: row.id,
        code_id: row.code_id,
        order_id: row.order_id,
        buyer_id: row.buyer_id,
        buyer_key: row.buyer_key,
        status: 'held',
        discount_cents: row.discount_cents,
        created_at: row.now,
        updated_at: row.now,
      })
      .execute();
  }

  /** The order's held use, with its code's seller and whether it is the platform's. */
  heldOf(orderId: string) {
    return this.db
      .selectFrom('discount_redemptions as r')
      .innerJoin('discount_codes as c', 'c.id', 'r.code_id')
      .select(['r.id', 'r.code_id', 'c.seller_id', 'c.platform'])
      .where('r.order_id', '=', orderId)
      .where('r.status', '=', 'held')
      .executeTakeFirst();
  }

  /** held → paid; false when it was not held. */
  async markPaid(redemptionId: string, paidCents: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('discount_redemptions')
      .set({ status: 'paid', paid_cents: paidCents, updated_at: now })
      .where('id', '=', redemptionId)
      .where('status', '=', 'held')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** held → released and the use given back, once: false when the order held no use. */
  async release(orderId: string, now: string): Promise<boolean> {
    const released = await this.db
      .updateTable('discount_redemptions')
      .set({ status: 'released', updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'held')
      .returning('code_id')
      .executeTakeFirst();
    if (!released) return false;
    await this.db
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '-', 1), updated_at: now }))
      .where('id', '=', released.code_id)
      .execute();
    return true;
  }

  /** Orders holding a use since before `beforeIso`, oldest first. */
  async heldBefore(beforeIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('discount_redemptions')
      .select('order_id')
      .where('status', '=', 'held')
      .where('created_at', '<', beforeIso)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.order_id);
  }
}
