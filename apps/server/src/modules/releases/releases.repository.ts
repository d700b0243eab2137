import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProductReleasesTable, StoredReleaseStatus } from '../../db/schema.js';
import { hasLicences, soldLicences } from '../licences/index.js';

export type ReleaseRow = Selectable<ProductReleasesTable>;
export type NewReleaseRow = Insertable<ProductReleasesTable>;

/** A release with what access checks need of its product. */
export type ReleaseWithProductRow = ReleaseRow & { product_owner_id: string; product_status: string };

/** SQL of product releases: the versions of a product's source code. */
export class ReleasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `trx` is the transaction of the write it goes with (a new product's first release), else the database. */
  async insert(row: NewReleaseRow, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.insertInto('product_releases').values(row).execute();
  }

  /** The storage keys of every archive the product keeps, whatever their status. */
  async archiveKeysOf(productId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('product_releases').select('source_code_key').where('product_id', '=', productId).execute();
    return rows.map((row) => row.source_code_key);
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

  /**
   * Releases waiting for an admin, oldest first, with their product's owner. Those of a product under
   * review are left out: the product's own approval publishes its archive.
   */
  pending(): Promise<ReleaseWithProductRow[]> {
    return this.db
      .selectFrom('product_releases as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .selectAll('r')
      .select(['p.user_id as product_owner_id', 'p.status as product_status'])
      .where('r.status', '=', 'Pending')
      .where('p.status', '=', 'Approved')
      .orderBy('r.created_at')
      .execute();
  }

  /** The archive a product under review carries: its newest release not rejected. */
  underReviewOf(productId: string, trx: Kysely<Database> = this.db): Promise<ReleaseRow | undefined> {
    return trx
      .selectFrom('product_releases')
      .selectAll()
      .where('product_id', '=', productId)
      .where('status', '!=', 'Rejected')
      .orderBy('version_major', 'desc')
      .orderBy('version_minor', 'desc')
      .orderBy('version_patch', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Removes the releases a new archive under review replaces: every other one no buyer was served
   * (all of them when nobody bought the product, else those never published). Answers their archives.
   */
  async removeReplaced(trx: Kysely<Database>, productId: string, keepId: string): Promise<string[]> {
    const sold = await hasLicences(trx, productId);
    const replaced = await trx
      .selectFrom('product_releases')
      .select(['id', 'source_code_key'])
      .where('product_id', '=', productId)
      .where('id', '!=', keepId)
      .$if(Boolean(sold), (query) => query.where('status', '!=', 'Approved'))
      .execute();
    if (replaced.length === 0) return [];
    await trx
      .deleteFrom('product_releases')
      .where(
        'id',
        'in',
        replaced.map((row) => row.id),
      )
      .execute();
    return replaced.map((row) => row.source_code_key);
  }

  /** Publishes a release within the product approval's transaction; false when it was already published. */
  async publishIn(trx: Kysely<Database>, id: string, publishedAt: string): Promise<boolean> {
    const result = await trx
      .updateTable('product_releases')
      .set({ status: 'Approved', published_at: publishedAt })
      .where('id', '=', id)
      .where('status', '!=', 'Approved')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setStatus(id: string, status: StoredReleaseStatus, publishedAt: string | null): Promise<void> {
    await this.db.updateTable('product_releases').set({ status, published_at: publishedAt }).where('id', '=', id).execute();
  }

  /** Everybody who bought the product, once each, with the widest licence they hold. */
  buyersOf(productId: string): Promise<Array<{ id: string; email: string; name: string; multi: number }>> {
    return (
      soldLicences(this.db)
        .innerJoin('users as u', 'u.id', 'c.holder_id')
        .select(['u.id', 'u.email', 'u.name'])
        .select((eb) => eb.fn.max(eb.case().when('l.license_type', '=', 'Multi App License').then(1).else(0).end()).as('multi'))
        .where('c.product_id', '=', productId)
        // A revoked licence gets no new versions, so its holder is not told of them.
        .where('c.status', '=', 'Active')
        .groupBy(['u.id', 'u.email', 'u.name'])
        .orderBy('u.id')
        .execute()
    );
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
