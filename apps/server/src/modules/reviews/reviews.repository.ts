import type { Kysely, Selectable } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, ProductReviewsTable } from '../../db/schema.js';
import { holdsActiveLicence } from '../licences/index.js';

export type ReviewRow = Selectable<ProductReviewsTable>;

/** A review with what its answers show: the reviewer's name and the product's owner and title. */
export interface ReviewWithPeopleRow extends ReviewRow {
  reviewer_name: string;
  /** 1 (or true) while the reviewer holds an active licence of the product. */
  reviewer_holds_licence: number | boolean;
  seller_id: string;
  product_title: string | null;
}

export type ReviewChanges = Partial<
  Pick<ReviewRow, 'rating' | 'text' | 'updated_at' | 'reply_text' | 'replied_at' | 'hidden_at' | 'hidden_by' | 'hidden_reason'>
>;

/** The product's count and rating sum of visible reviews, counted again from the reviews themselves. */
async function recount(trx: Kysely<Database>, productId: string): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({
      review_count: eb
        .selectFrom('product_reviews')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('product_id', '=', productId)
        .where('hidden_at', 'is', null),
      review_total: eb
        .selectFrom('product_reviews')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('rating'), inner.lit(0)).as('n'))
        .where('product_id', '=', productId)
        .where('hidden_at', 'is', null),
    }))
    .where('id', '=', productId)
    .execute();
}

/** Reviews of products; no rule lives here. */
export class ReviewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withPeople() {
    return this.db
      .selectFrom('product_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.buyer_id')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .selectAll('r')
      .select(['u.name as reviewer_name', 'p.user_id as seller_id'])
      .select(holdsActiveLicence('r.buyer_id', 'r.product_id').as('reviewer_holds_licence'))
      .select(englishTitleOf('p.id').as('product_title'));
  }

  findById(id: string): Promise<ReviewWithPeopleRow | undefined> {
    return this.withPeople().where('r.id', '=', id).executeTakeFirst();
  }

  /** Visible reviews of the product, newest first; one more than `limit` tells of a next page. */
  /** A page of the product's reviews, newest first: the visible ones, or every one for a moderator. */
  pageOf(productId: string, offset: number, limit: number, withHidden: boolean): Promise<ReviewWithPeopleRow[]> {
    return this.withPeople()
      .where('r.product_id', '=', productId)
      .$if(!withHidden, (query) => query.where('r.hidden_at', 'is', null))
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .offset(offset)
      .limit(limit + 1)
      .execute();
  }

  /** Visible reviews of the seller's products newest first, after `after` (the last row of the page before), `limit` of them. */
  ofSellerPage(sellerId: string, after: { at: string; id: string } | null, limit: number): Promise<ReviewWithPeopleRow[]> {
    let query = this.withPeople().where('p.user_id', '=', sellerId).where('r.hidden_at', 'is', null);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('r.created_at', '<', after.at), eb.and([eb('r.created_at', '=', after.at), eb('r.id', '<', after.id)])]),
      );
    }
    return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
  }

  findByAuthor(productId: string, buyerId: string): Promise<ReviewWithPeopleRow | undefined> {
    return this.withPeople().where('r.product_id', '=', productId).where('r.buyer_id', '=', buyerId).executeTakeFirst();
  }

  /** Count and mean rating of the product's visible reviews. */
  async summaryOf(productId: string): Promise<{ count: number; mean: number | null }> {
    const row = await this.db
      .selectFrom('product_reviews')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.avg<string | number | null>('rating').as('mean')])
      .where('product_id', '=', productId)
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), mean: row.mean === null ? null : Number(row.mean) };
  }

  /** The product's owner and title, if it exists. */
  productOf(productId: string): Promise<{ user_id: string; title: string | null } | undefined> {
    return this.db
      .selectFrom('products as p')
      .select(['p.user_id'])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.id', '=', productId)
      .executeTakeFirst();
  }

  /** Stores the review and recounts the product's average, inside the caller's unit of work. Throws a unique violation when the buyer has reviewed the product already. */
  async insert(row: ReviewRow): Promise<void> {
    await this.db.insertInto('product_reviews').values(row).execute();
    await recount(this.db, row.product_id);
  }

  /** Changes the review and recounts the product's average, inside the caller's unit of work. */
  async update(id: string, productId: string, changes: ReviewChanges): Promise<void> {
    await this.db.updateTable('product_reviews').set(changes).where('id', '=', id).execute();
    await recount(this.db, productId);
  }
}
