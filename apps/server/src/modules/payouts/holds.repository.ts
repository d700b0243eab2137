import type { Kysely } from 'kysely';
import type { Database, PayoutHoldsTable } from '../../db/schema.js';

export type HoldRow = PayoutHoldsTable;

/** A hold with the names of the admins who placed and released it. */
export interface HoldWithPeopleRow extends HoldRow {
  held_by_name: string | null;
  released_by_name: string | null;
}

/** SQL of `payout_holds`, the payouts module's table (docs/decisions/0012 "Holds"). */
export class HoldsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: HoldRow): Promise<void> {
    await this.db.insertInto('payout_holds').values(row).execute();
  }

  findById(id: string): Promise<HoldRow | undefined> {
    return this.db.selectFrom('payout_holds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private withPeople() {
    return this.db
      .selectFrom('payout_holds as h')
      .leftJoin('users as placer', 'placer.id', 'h.held_by')
      .leftJoin('users as releaser', 'releaser.id', 'h.released_by')
      .selectAll('h')
      .select(['placer.name as held_by_name', 'releaser.name as released_by_name']);
  }

  /** One hold with who placed and released it. */
  findWithPeople(id: string): Promise<HoldWithPeopleRow | undefined> {
    return this.withPeople().where('h.id', '=', id).executeTakeFirst();
  }

  /** The seller's holds, open and released, newest first, with who placed and released each. */
  listOf(sellerId: string): Promise<HoldWithPeopleRow[]> {
    return this.withPeople().where('h.seller_id', '=', sellerId).orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').execute();
  }

  /** The seller's open holds, the one reviewed last first (it decides how long payouts wait). */
  openOf(sellerId: string): Promise<HoldRow[]> {
    return this.db
      .selectFrom('payout_holds')
      .selectAll()
      .where('seller_id', '=', sellerId)
      .where('released_at', 'is', null)
      .orderBy('review_by', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Whether the seller was ever held for this reason, the hold open or released. */
  async everHeldFor(sellerId: string, reasonCode: HoldRow['reason_code']): Promise<boolean> {
    const row = await this.db
      .selectFrom('payout_holds')
      .select('id')
      .where('seller_id', '=', sellerId)
      .where('reason_code', '=', reasonCode)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Releases an open hold, by an admin or (`by` null) a rule; false when it was released already (by another admin meanwhile). */
  async release(id: string, by: string | null, at: string, note: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('payout_holds')
      .set({ released_at: at, released_by: by, release_note: note })
      .where('id', '=', id)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The seller, to name in a 404 and to mail. */
  personOf(userId: string): Promise<{ id: string; name: string; email: string } | undefined> {
    return this.db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
  }
}
