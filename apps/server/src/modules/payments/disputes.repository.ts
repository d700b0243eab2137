import type { Kysely } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, DisputeLinesTable, DisputesTable } from '../../db/schema.js';

export type DisputeRow = DisputesTable;
export type DisputeLineRow = DisputeLinesTable;

/** Someone a dispute's notice and mail go to. */
export interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** The disputes table and its lines (docs/decisions/0012, "Disputes"), and who hears of them. */
export class DisputesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byProviderId(provider: string, providerDisputeId: string): Promise<DisputeRow | undefined> {
    return this.db
      .selectFrom('disputes')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_dispute_id', '=', providerDisputeId)
      .executeTakeFirst();
  }

  /** Throws a unique violation when another delivery recorded the dispute first. */
  async insert(row: DisputeRow, lines: readonly DisputeLineRow[]): Promise<void> {
    await this.db.insertInto('disputes').values(row).execute();
    if (lines.length)
      await this.db
        .insertInto('dispute_lines')
        .values([...lines])
        .execute();
  }

  async providerIdsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('disputes').select(['id', 'provider_dispute_id']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.provider_dispute_id]));
  }

  async idsOfProviderDisputes(provider: string, providerDisputeIds: readonly string[]): Promise<Map<string, string>> {
    if (providerDisputeIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('disputes')
      .select(['id', 'provider_dispute_id'])
      .where('provider', '=', provider)
      .where('provider_dispute_id', 'in', providerDisputeIds)
      .execute();
    return new Map(rows.map((row) => [row.provider_dispute_id, row.id]));
  }

  /** The order's lines under a dispute open or lost: their money is with the bank or the cardholder already. */
  async disputedLinesOf(orderId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('dispute_lines as l')
      .innerJoin('disputes as d', 'd.id', 'l.dispute_id')
      .select('l.order_line_id')
      .where('d.order_id', '=', orderId)
      .where('d.status', 'in', ['open', 'lost'])
      .execute();
    return new Set(rows.map((row) => row.order_line_id));
  }

  /** Whether a dispute on the seller's lines is open, or was lost at or after `since`. */
  async sellerDisputedSince(sellerId: string, since: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dispute_lines as l')
      .innerJoin('disputes as d', 'd.id', 'l.dispute_id')
      .select('d.id')
      .where('l.seller_id', '=', sellerId)
      .where((eb) => eb.or([eb('d.status', '=', 'open'), eb.and([eb('d.status', '=', 'lost'), eb('d.closed_at', '>=', since)])]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  linesOf(disputeId: string): Promise<DisputeLineRow[]> {
    return this.db.selectFrom('dispute_lines').selectAll().where('dispute_id', '=', disputeId).orderBy('order_line_id').execute();
  }

  /** Closes an open dispute; false when it was closed already (a replay, or another delivery first). */
  async close(id: string, status: 'won' | 'lost', at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('disputes')
      .set({ status, closed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async titlesOf(productIds: readonly string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('products as p')
      .select(['p.id'])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.id', 'in', productIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row.title ?? 'A product']));
  }

  usersOf(ids: readonly string[]): Promise<Recipient[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  }

  admins(): Promise<Recipient[]> {
    return this.db.selectFrom('users').select(['id', 'name', 'email']).where('role', '=', 'Admin').execute();
  }
}
