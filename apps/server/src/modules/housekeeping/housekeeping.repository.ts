import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Rows nothing reads any more. Times are ISO strings from one format, so comparing text compares times. */
export class HousekeepingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async deleteExpiredSessions(nowIso: string): Promise<number> {
    return deleted(await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst());
  }

  async deleteSentMailsBefore(beforeIso: string): Promise<number> {
    return deleted(
      await this.db.deleteFrom('mail_outbox').where('sent_at', 'is not', null).where('sent_at', '<', beforeIso).executeTakeFirst(),
    );
  }

  async deletePasswordResetsExpiredBefore(beforeIso: string): Promise<number> {
    return deleted(await this.db.deleteFrom('password_resets').where('expires_at', '<', beforeIso).executeTakeFirst());
  }

  async deleteIdempotencyKeysBefore(beforeIso: string): Promise<number> {
    return deleted(await this.db.deleteFrom('idempotency_keys').where('created_at', '<', beforeIso).executeTakeFirst());
  }
}
