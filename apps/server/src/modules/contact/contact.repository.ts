import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.js';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

const LIST_LIMIT = 500;

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ContactMessageRow): Promise<void> {
    await this.db.insertInto('contact_messages').values(row).execute();
  }

  /** Newest first. */
  list(): Promise<ContactMessageRow[]> {
    return this.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
  }
}
