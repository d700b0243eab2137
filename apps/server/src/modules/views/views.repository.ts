import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

export class ViewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** False when this visitor key already viewed the product (the unique index decides). */
  async insertOnce(productId: string, visitorKey: string, createdAt: string): Promise<boolean> {
    const result = await this.db
      .insertInto('product_views')
      .values({ id: newId(), product_id: productId, visitor_key: visitorKey, created_at: createdAt })
      .onConflict((conflict) => conflict.columns(['product_id', 'visitor_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async countsByProduct(): Promise<Array<{ productId: string; views: number }>> {
    const rows = await this.db
      .selectFrom('product_views')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('views')])
      .groupBy('product_id')
      .orderBy('product_id')
      .execute();
    return rows.map((row) => ({ productId: row.product_id, views: Number(row.views) }));
  }
}
