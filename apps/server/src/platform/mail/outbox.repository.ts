import type { Kysely, Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.js';

export type OutboxRow = Selectable<MailOutboxTable>;

/** SQL of the mail outbox: every mail is a row, sent_at set once the mail server took it. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: OutboxRow): Promise<void> {
    await this.db.insertInto('mail_outbox').values(row).execute();
  }

  unsent(limit: number): Promise<OutboxRow[]> {
    return this.db.selectFrom('mail_outbox').selectAll().where('sent_at', 'is', null).orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  async markSent(id: string, sentAt: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ sent_at: sentAt, last_error: null }).where('id', '=', id).execute();
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ last_error: error }).where('id', '=', id).execute();
  }
}
