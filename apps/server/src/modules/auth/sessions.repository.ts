import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';

export type NewSessionRow = Insertable<SessionsTable>;

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: NewSessionRow): Promise<void> {
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

  /** The live session with its user, in one query: every request of a signed-in browser asks it. */
  findLiveByTokenHash(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.number',
        'users.role',
        'sessions.id as session_id',
        'sessions.token_hash',
        'sessions.last_seen_at',
        'sessions.stepped_up_at',
        'sessions.enrolment_only',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async touch(tokenHash: string, nowIso: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: nowIso }).where('token_hash', '=', tokenHash).execute();
  }

  async markSteppedUp(tokenHash: string, nowIso: string): Promise<void> {
    await this.db.updateTable('sessions').set({ stepped_up_at: nowIso }).where('token_hash', '=', tokenHash).execute();
  }

  async clearEnrolmentOnly(userId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ enrolment_only: 0 }).where('user_id', '=', userId).execute();
  }

  listLive(userId: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'token_hash', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Ends one of the user's sessions by its public id; false when the user has no such session. */
  async deleteById(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteOthers(userId: string, keepTokenHash: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', keepTokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteExpired(nowIso: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  }
}
