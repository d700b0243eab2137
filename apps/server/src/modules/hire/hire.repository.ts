import type { Kysely, Selectable } from 'kysely';
import type { Database, HireRequestsTable } from '../../db/schema.js';

export type HireRequestRow = Selectable<HireRequestsTable>;

const LIST_LIMIT = 500;

export class HireRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: HireRequestRow): Promise<void> {
    await this.db.insertInto('hire_requests').values(row).execute();
  }

  /** Newest first. */
  list(): Promise<HireRequestRow[]> {
    return this.db.selectFrom('hire_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  }

  findById(id: string): Promise<HireRequestRow | undefined> {
    return this.db.selectFrom('hire_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
