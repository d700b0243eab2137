import type { Kysely, Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.js';

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * SQL of the mail outbox: every mail is a row, sent_at set once the mail server took it.
 * Times are ISO strings from one format (toISOString), so comparing them as text compares the times.
 */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: OutboxRow): Promise<void> {
    await this.db.insertInto('mail_outbox').values(row).execute();
  }

  /** Stores mails inside the caller's transaction, a few hundred rows per INSERT. */
  async insertMany(rows: readonly OutboxRow[], db: Kysely<Database> = this.db): Promise<void> {
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto('mail_outbox')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  }

  async countUnsent(): Promise<number> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Unsent mails nobody holds at `now`: candidates to claim, oldest first. */
  claimable(now: string, limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Takes the mail until `until` in one UPDATE; true only for the one caller whose update changed the row. */
  async claim(id: string, now: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markSent(id: string, sentAt: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ sent_at: sentAt, last_error: null, claimed_until: null }).where('id', '=', id).execute();
  }

  /** Keeps the error and counts the attempt; no round (of any instance) takes the mail again before `retryAt`. */
  async markFailed(id: string, error: string, retryAt: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ last_error: error, claimed_until: retryAt, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}
