import type { Kysely, Selectable } from 'kysely';
import type { CommentsTable, Database } from '../../db/schema.js';

export type CommentRow = Selectable<CommentsTable>;
export type CommentWithProductRow = CommentRow & { product_title: string | null };

/** Newest first, at most this many per answer. */
const LIST_LIMIT = 500;

export class CommentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The product's moderation status, or null when there is no such product. */
  async productStatus(productId: string): Promise<string | null> {
    const row = await this.db.selectFrom('products').select('status').where('id', '=', productId).executeTakeFirst();
    return row?.status ?? null;
  }

  async insert(row: CommentRow): Promise<void> {
    await this.db.insertInto('comments').values(row).execute();
  }

  listForProduct(productId: string): Promise<CommentRow[]> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
  }

  /** Comments with their product's English title; all products, or one. */
  listWithProducts(productId?: string): Promise<CommentWithProductRow[]> {
    return this.db
      .selectFrom('comments')
      .leftJoin('product_translations', (join) =>
        join.onRef('product_translations.product_id', '=', 'comments.product_id').on('product_translations.language', '=', 'en'),
      )
      .selectAll('comments')
      .select('product_translations.title as product_title')
      .$if(productId !== undefined, (query) => query.where('comments.product_id', '=', productId!))
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
  }
}
