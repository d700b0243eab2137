import type { StudioRole } from '@market/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, StudioAuditTable, StudioInvitationsTable } from '../../db/schema.js';

export class StudiosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The studio's row with its account's name; nothing when the account is not a studio. */
  findStudio(studioId: string) {
    return this.db
      .selectFrom('studios')
      .innerJoin('users', 'users.id', 'studios.id')
      .select(['studios.id', 'studios.created_at', 'users.name'])
      .where('studios.id', '=', studioId)
      .executeTakeFirst();
  }

  async insertStudio(studio: { id: string; created_at: string }, owner: { role: StudioRole }): Promise<void> {
    await this.db.insertInto('studios').values(studio).execute();
    await this.db
      .insertInto('studio_members')
      .values({ studio_id: studio.id, user_id: studio.id, role: owner.role, added_at: studio.created_at })
      .execute();
  }

  async renameAccount(userId: string, name: string): Promise<void> {
    await this.db.updateTable('users').set({ name }).where('id', '=', userId).execute();
  }

  findMember(studioId: string, userId: string) {
    return this.db
      .selectFrom('studio_members')
      .selectAll()
      .where('studio_id', '=', studioId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  listMembers(studioId: string) {
    return this.db
      .selectFrom('studio_members')
      .innerJoin('users', 'users.id', 'studio_members.user_id')
      .select(['studio_members.user_id', 'studio_members.role', 'studio_members.added_at', 'users.name', 'users.email'])
      .where('studio_members.studio_id', '=', studioId)
      .orderBy('studio_members.added_at')
      .orderBy('studio_members.user_id')
      .execute();
  }

  async insertMember(member: { studio_id: string; user_id: string; role: StudioRole; added_at: string }): Promise<void> {
    await this.db.insertInto('studio_members').values(member).execute();
  }

  async updateRole(studioId: string, userId: string, role: StudioRole): Promise<void> {
    await this.db.updateTable('studio_members').set({ role }).where('studio_id', '=', studioId).where('user_id', '=', userId).execute();
  }

  async deleteMember(studioId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('studio_members')
      .where('studio_id', '=', studioId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The studios a person belongs to, with each studio account's name. */
  studiosOf(userId: string) {
    return this.db
      .selectFrom('studio_members')
      .innerJoin('users', 'users.id', 'studio_members.studio_id')
      .select(['studio_members.studio_id', 'studio_members.role', 'users.name'])
      .where('studio_members.user_id', '=', userId)
      .orderBy('users.name')
      .execute();
  }

  findUser(userId: string) {
    return this.db.selectFrom('users').select(['id', 'name', 'email', 'email_key']).where('id', '=', userId).executeTakeFirst();
  }

  findUserByEmailKey(emailKey: string) {
    return this.db.selectFrom('users').select(['id']).where('email_key', '=', emailKey).executeTakeFirst();
  }

  async insertInvitation(invitation: StudioInvitationsTable): Promise<void> {
    await this.db.insertInto('studio_invitations').values(invitation).execute();
  }

  pendingInvitations(studioId: string, nowIso: string) {
    return this.db
      .selectFrom('studio_invitations')
      .innerJoin('users', 'users.id', 'studio_invitations.invited_by')
      .select([
        'studio_invitations.id',
        'studio_invitations.email',
        'studio_invitations.role',
        'studio_invitations.expires_at',
        'users.name as invited_by_name',
      ])
      .where('studio_invitations.studio_id', '=', studioId)
      .where('studio_invitations.accepted_at', 'is', null)
      .where('studio_invitations.expires_at', '>', nowIso)
      .orderBy('studio_invitations.created_at', 'desc')
      .execute();
  }

  findInvitationByTokenHash(tokenHash: string) {
    return this.db.selectFrom('studio_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Uses the invitation up; false when another acceptance got there first. */
  async markAccepted(id: string, userId: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('studio_invitations')
      .set({ accepted_at: nowIso, accepted_by: userId })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deletePendingInvitation(studioId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('studio_invitations')
      .where('studio_id', '=', studioId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertAudit(entry: StudioAuditTable): Promise<void> {
    await this.db.insertInto('studio_audit').values(entry).execute();
  }

  /** Newest first; `after` is the last entry of the page before. */
  auditPage(studioId: string, limit: number, after: { createdAt: string; id: string } | null) {
    let query = this.db
      .selectFrom('studio_audit')
      .leftJoin('users', 'users.id', 'studio_audit.member_user_id')
      .select([
        'studio_audit.id',
        'studio_audit.member_user_id',
        'studio_audit.action',
        'studio_audit.target',
        'studio_audit.created_at',
        'users.name as member_name',
      ])
      .where('studio_audit.studio_id', '=', studioId);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('studio_audit.created_at', '<', after.createdAt),
          eb.and([eb('studio_audit.created_at', '=', after.createdAt), eb('studio_audit.id', '<', after.id)]),
        ]),
      );
    }
    return query.orderBy('studio_audit.created_at', 'desc').orderBy('studio_audit.id', 'desc').limit(limit).execute();
  }
}

/** The role of a session's person in the studio it acts for: joined into the session's own query (auth's `ActingRoleOfSession`). */
export const actingRoleOfSession = (eb: ExpressionBuilder<Database, 'sessions'>) =>
  eb
    .selectFrom('studio_members')
    .select('studio_members.role')
    .whereRef('studio_members.studio_id', '=', 'sessions.active_studio_id')
    .whereRef('studio_members.user_id', '=', 'sessions.user_id')
    .as('acting_role');
