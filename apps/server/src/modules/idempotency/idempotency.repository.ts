import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/index.js';
import type { Database, IdempotencyKeysTable } from '../../db/schema.js';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
export type IdempotencyId = Pick<IdempotencyRow, 'user_id' | 'scope' | 'key'>;

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when this call claimed the key; false when a row for it exists already. */
  async claim(id: IdempotencyId, createdAt: string): Promise<boolean> {
    try {
      await this.db
        .insertInto('idempotency_keys')
        .values({ ...id, created_at: createdAt, status_code: null, body: null })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  find(id: IdempotencyId): Promise<IdempotencyRow | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', id.user_id)
      .where('scope', '=', id.scope)
      .where('key', '=', id.key)
      .executeTakeFirst();
  }

  async complete(id: IdempotencyId, statusCode: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, body })
      .where('user_id', '=', id.user_id)
      .where('scope', '=', id.scope)
      .where('key', '=', id.key)
      .execute();
  }

  /** Frees the key: the first request failed, or its answer is too old to be replayed. */
  async release(id: IdempotencyId): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', id.user_id)
      .where('scope', '=', id.scope)
      .where('key', '=', id.key)
      .execute();
  }
}
