import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProductReleasesTable, StoredReleaseStatus } from '../../db/schema.js';

export type ReleaseRow = Selectable<ProductReleasesTable>;
export type NewReleaseRow = Insertable<ProductReleasesTable>;

/** A release with what access checks need of its product. */
export type ReleaseWithProductRow = ReleaseRow & { product_owner_id: string; product_status: string };

/** SQL of product releases: the versions of a product's source code. */
export class ReleasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewReleaseRow): Promise<void> {
    await this.db.insertInto('product_releases').values(row).execute();
  }

  findById(id: string): Promise<ReleaseWithProductRow | undefined> {
    return this.db
      .selectFrom('product_releases as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .selectAll('r')
      .select(['p.user_id as product_owner_id', 'p.status as product_status'])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }

  /** A product's releases, newest version first; Approved ones only unless `everyStatus`. */
  ofProduct(productId: string, everyStatus: boolean): Promise<ReleaseRow[]> {
    return this.db
      .selectFrom('product_releases')
      .selectAll()
      .where('product_id', '=', productId)
      .$if(!everyStatus, (query) => query.where('status', '=', 'Approved'))
      .orderBy('version_major', 'desc')
      .orderBy('version_minor', 'desc')
      .orderBy('version_patch', 'desc')
      .execute();
  }

  /** The approved releases of these products, newest version first within each. */
  approvedOf(productIds: readonly string[]): Promise<ReleaseRow[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('product_releases')
      .selectAll()
      .where('product_id', 'in', [...new Set(productIds)])
      .where('status', '=', 'Approved')
      .orderBy('product_id')
      .orderBy('version_major', 'desc')
      .orderBy('version_minor', 'desc')
      .orderBy('version_patch', 'desc')
      .execute();
  }

  /** Releases waiting for an admin, oldest first, with their product's owner. */
  pending(): Promise<ReleaseWithProductRow[]> {
    return this.db
      .selectFrom('product_releases as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .selectAll('r')
      .select(['p.user_id as product_owner_id', 'p.status as product_status'])
      .where('r.status', '=', 'Pending')
      .where('p.status', '!=', 'Deleted')
      .orderBy('r.created_at')
      .execute();
  }

  async setStatus(id: string, status: StoredReleaseStatus, publishedAt: string | null): Promise<void> {
    await this.db.updateTable('product_releases').set({ status, published_at: publishedAt }).where('id', '=', id).execute();
  }

  /** Bytes of source-code archives the user's products keep, every release counted. */
  async sourceBytesOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('product_releases as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('r.source_code_size'), eb.lit(0)).as('bytes'))
      .where('p.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }
}
