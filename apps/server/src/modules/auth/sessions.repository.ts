import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: { token_hash: string; user_id: string; created_at: string; expires_at: string }): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /** The live session's user, or nothing when the token is unknown or expired. */
  findUserByTokenHash(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.name', 'users.email', 'users.number', 'users.role'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteExpired(nowIso: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  }
}
