import type { StudioRole } from '@market/contracts';
import type { AliasedSelectQueryBuilder, ExpressionBuilder, Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';

export type NewSessionRow = Insertable<SessionsTable>;

/**
 * The role of a session's person in the studio the session acts for, as a subquery of the
 * session's row (no row when the membership is gone). The studios module owns the members'
 * table and fills this in (docs/decisions/0018).
 */
export type ActingRoleOfSession = (
  eb: ExpressionBuilder<Database, 'sessions'>,
) => AliasedSelectQueryBuilder<{ role: StudioRole }, 'acting_role'>;

export class SessionsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly actingRole?: ActingRoleOfSession,
  ) {}

  async insert(session: NewSessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /**
   * The live session with its person and, when it acts for a studio they still belong to, the
   * studio's account and their role there: one query on every request of a signed-in browser, so
   * a removed member's next request is their own again (docs/decisions/0018).
   */
  findLiveByTokenHash(tokenHash: string, nowIso: string) {
    const actingRole = this.actingRole;
    return this.db
      .selectFrom('sessions')
      .select((eb) => (actingRole ? [actingRole(eb)] : [eb.val<StudioRole | null>(null).as('acting_role')]))
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('users as studio', 'studio.id', 'sessions.active_studio_id')
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
      .select(['studio.id as studio_id', 'studio.name as studio_name', 'studio.email as studio_email', 'studio.number as studio_number'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** The studio a session acts for from its next request on; null acts as its own person. */
  async setActiveStudio(tokenHash: string, studioId: string | null): Promise<void> {
    await this.db.updateTable('sessions').set({ active_studio_id: studioId }).where('token_hash', '=', tokenHash).execute();
  }

  /** A removed member's sessions stop acting for the studio. */
  async stopActingFor(userId: string, studioId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ active_studio_id: null })
      .where('user_id', '=', userId)
      .where('active_studio_id', '=', studioId)
      .execute();
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
