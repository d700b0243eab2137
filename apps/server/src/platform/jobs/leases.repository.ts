import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * A job that must run on one instance at a time takes its lease first. Times are ISO strings from
 * one format, so comparing them as text compares the times.
 */
export class JobLeases {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when `holder` now holds the lease until `until`: it was free, expired, or already this holder's. */
  async take(name: string, holder: string, now: string, until: string): Promise<boolean> {
    await this.db
      .insertInto('job_leases')
      .values({ name, holder, held_until: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const result = await this.db
      .updateTable('job_leases')
      .set({ holder, held_until: until })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('held_until', '<=', now), eb('holder', '=', holder)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
