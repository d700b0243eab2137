import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptedStudioInvitation,
  type CreatedStudioInvitation,
  type CreateStudioBody,
  type InviteStudioMemberBody,
  type MyStudios,
  STUDIO_INVITATION_DAYS,
  STUDIO_ROLE_LABELS,
  type Studio,
  type StudioAuditPage,
  type StudioAuditQuery,
  type StudioMembers,
  type StudioRole,
  type UpdateStudioMemberBody,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type MailOutbox, renderMail } from '../../platform/mail/index.js';
import { canManageMembers, canReadAudit, isOwnerRow } from './policies.js';
import { StudiosRepository } from './studios.repository.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const emailKey = (email: string) => email.trim().toLowerCase();

/** 410: the link is unknown, expired or used already; the inviter sends a new one. */
export const INVITATION_GONE = 'This invitation has expired or was used already; ask the studio for a new one';
const invitationGone = () => new HttpError(410, INVITATION_GONE);

/** Who is asking, as the studios' calls see it: the studio (an account's id), the person, their role there. */
export interface StudioActor {
  studioId: string;
  userId: string;
  /** Null for a person acting as themselves: the owner if their account is a studio. */
  role: StudioRole | null;
}

/** What the authentication hook's session needs of the auth module: acting for a studio, and stopping. */
export interface StudioSessions {
  setActiveStudio(token: string | undefined, studioId: string | null): Promise<void>;
  stopActingFor(userId: string, studioId: string): Promise<void>;
}

export interface StudiosServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  mail: MailOutbox;
  clock: Clock;
  publicUrl: string;
  sessions: StudioSessions;
}

const cursorOf = (entry: { created_at: string; id: string }) => Buffer.from(`${entry.created_at}|${entry.id}`).toString('base64url');
function parseCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) throw badRequest('This cursor was not given by a previous page', 'cursor');
  return { createdAt, id };
}

/** A seller's account as a studio with members in roles (docs/decisions/0018). */
export class StudiosService {
  private readonly studios: StudiosRepository;
  private readonly inTransaction: InTransaction;
  private readonly mail: MailOutbox;
  private readonly clock: Clock;
  private readonly publicUrl: string;
  private readonly sessions: StudioSessions;

  constructor({ db, inTransaction, mail, clock, publicUrl, sessions }: StudiosServiceDependencies) {
    this.studios = new StudiosRepository(db);
    this.inTransaction = inTransaction;
    this.mail = mail;
    this.clock = clock;
    this.publicUrl = publicUrl;
    this.sessions = sessions;
  }

  /** The caller's own account becomes a studio and the caller its owner; its products, money, tokens and webhooks stay its own. */
  async create(actor: StudioActor, body: CreateStudioBody): Promise<Studio> {
    if (actor.role !== null) throw forbidden('Switch to yourself to turn your own account into a studio');
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx) => {
      const studios = new StudiosRepository(trx);
      if (await studios.findStudio(actor.studioId)) throw conflict('Your account is a studio already');
      if (body.name) await studios.renameAccount(actor.studioId, body.name);
      await studios.insertStudio({ id: actor.studioId, created_at: now }, { role: 'owner' });
      await studios.insertAudit(this.auditRow(actor.studioId, actor.userId, 'Turned the account into a studio', null, now));
    });
    return this.studioOf(actor.studioId);
  }

  async members(actor: StudioActor): Promise<StudioMembers> {
    const { studio, role } = await this.resolve(actor);
    const [members, invitations] = await Promise.all([
      this.studios.listMembers(studio.id),
      canManageMembers(role) ? this.studios.pendingInvitations(studio.id, this.clock.now().toISOString()) : Promise.resolve([]),
    ]);
    return {
      studio,
      role,
      members: members.map((row) => ({ userId: row.user_id, name: row.name, email: row.email, role: row.role, addedAt: row.added_at })),
      invitations: invitations.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: row.invited_by_name,
        expiresAt: row.expires_at,
      })),
    };
  }

  /** An invitation link for one email and role, mailed and answered for the inviter to copy. */
  async invite(actor: StudioActor, body: InviteStudioMemberBody): Promise<CreatedStudioInvitation> {
    const { studio, role } = await this.resolve(actor);
    if (!canManageMembers(role)) throw forbidden(`As ${STUDIO_ROLE_LABELS[role]} you cannot invite members`);
    const existing = await this.studios.findUserByEmailKey(emailKey(body.email));
    if (existing && (existing.id === studio.id || (await this.studios.findMember(studio.id, existing.id)))) {
      throw conflict('This person is a member of the studio already', 'email');
    }
    const inviter = await this.studios.findUser(actor.userId);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const invitation = {
      id: newId(),
      studio_id: studio.id,
      email: body.email.trim(),
      role: body.role,
      token_hash: hashToken(token),
      invited_by: actor.userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STUDIO_INVITATION_DAYS * DAY_MS).toISOString(),
      accepted_at: null,
      accepted_by: null,
    };
    const link = `${this.publicUrl}/studio/invitations/${token}`;
    await this.inTransaction(async (trx, afterCommit) => {
      const studios = new StudiosRepository(trx);
      await studios.insertInvitation(invitation);
      await studios.insertAudit(
        this.auditRow(
          studio.id,
          actor.userId,
          `Invited ${invitation.email} as ${STUDIO_ROLE_LABELS[body.role]}`,
          invitation.id,
          invitation.created_at,
        ),
      );
      await this.mail.queue(trx, afterCommit, [
        this.invitationMail(invitation.email, studio.name, inviter?.name ?? studio.name, body.role, link),
      ]);
    });
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedBy: inviter?.name ?? '',
      expiresAt: invitation.expires_at,
      link,
    };
  }

  async changeRole(actor: StudioActor, userId: string, body: UpdateStudioMemberBody): Promise<StudioMembers> {
    const { studio, role } = await this.resolve(actor);
    if (!canManageMembers(role)) throw forbidden(`As ${STUDIO_ROLE_LABELS[role]} you cannot change members' roles`);
    const member = await this.studios.findMember(studio.id, userId);
    if (!member) throw notFound('No such member');
    if (isOwnerRow(member)) throw forbidden("The owner's role cannot be changed");
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx) => {
      const studios = new StudiosRepository(trx);
      await studios.updateRole(studio.id, userId, body.role);
      await studios.insertAudit(this.auditRow(studio.id, actor.userId, `Made a member ${STUDIO_ROLE_LABELS[body.role]}`, userId, now));
    });
    return this.members(actor);
  }

  /** Removes a member (their sessions stop acting for the studio at once) or withdraws a pending invitation by its id. */
  async remove(actor: StudioActor, id: string): Promise<StudioMembers> {
    const { studio, role } = await this.resolve(actor);
    if (!canManageMembers(role)) throw forbidden(`As ${STUDIO_ROLE_LABELS[role]} you cannot remove members`);
    const member = await this.studios.findMember(studio.id, id);
    const now = this.clock.now().toISOString();
    if (member) {
      if (isOwnerRow(member)) throw forbidden('The owner cannot be removed from their own studio');
      await this.inTransaction(async (trx) => {
        const studios = new StudiosRepository(trx);
        await studios.deleteMember(studio.id, id);
        await studios.insertAudit(this.auditRow(studio.id, actor.userId, 'Removed a member', id, now));
      });
      // The session's own query already refuses the studio once the row is gone; this only tidies up.
      await this.sessions.stopActingFor(id, studio.id);
    } else {
      const withdrawn = await this.inTransaction(async (trx) => {
        const studios = new StudiosRepository(trx);
        if (!(await studios.deletePendingInvitation(studio.id, id))) return false;
        await studios.insertAudit(this.auditRow(studio.id, actor.userId, 'Withdrew an invitation', id, now));
        return true;
      });
      if (!withdrawn) throw notFound('No such member or pending invitation');
    }
    return this.members(actor);
  }

  /**
   * The signed-in person whose account's email is the invitation's joins the studio in its role;
   * a link forwarded to someone else is refused (docs/decisions/0018).
   */
  async accept(personId: string, token: string): Promise<AcceptedStudioInvitation> {
    const invitation = await this.studios.findInvitationByTokenHash(hashToken(token));
    const now = this.clock.now().toISOString();
    // The person who accepted opens the link again (a reload, the mail a second time): they are
    // told they joined, not that the invitation is gone, as long as they are still a member.
    if (invitation?.accepted_by === personId) {
      const member = await this.studios.findMember(invitation.studio_id, personId);
      if (member) return { studio: await this.studioOf(invitation.studio_id), role: member.role };
    }
    if (!invitation || invitation.accepted_at !== null || invitation.expires_at <= now) throw invitationGone();
    const person = await this.studios.findUser(personId);
    if (!person || person.email_key !== emailKey(invitation.email)) {
      throw forbidden('This invitation was sent to another email address; sign in with that address to accept it');
    }
    if (person.id === invitation.studio_id) throw conflict('This is your own studio');
    await this.inTransaction(async (trx) => {
      const studios = new StudiosRepository(trx);
      if (!(await studios.markAccepted(invitation.id, person.id, now))) throw invitationGone();
      if (await studios.findMember(invitation.studio_id, person.id)) throw conflict('You are a member of this studio already');
      await studios.insertMember({ studio_id: invitation.studio_id, user_id: person.id, role: invitation.role, added_at: now });
      await studios.insertAudit(
        this.auditRow(invitation.studio_id, person.id, `Joined as ${STUDIO_ROLE_LABELS[invitation.role]}`, invitation.id, now),
      );
    });
    return { studio: await this.studioOf(invitation.studio_id), role: invitation.role };
  }

  async audit(actor: StudioActor, query: StudioAuditQuery): Promise<StudioAuditPage> {
    const { studio, role } = await this.resolve(actor);
    if (!canReadAudit(role)) throw forbidden(`As ${STUDIO_ROLE_LABELS[role]} you cannot read the audit log`);
    const rows = await this.studios.auditPage(studio.id, query.limit + 1, parseCursor(query.cursor));
    const page = rows.slice(0, query.limit);
    return {
      entries: page.map((row) => ({
        id: row.id,
        memberUserId: row.member_user_id,
        memberName: row.member_name ?? 'A former account',
        action: row.action,
        target: row.target,
        createdAt: row.created_at,
      })),
      nextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
    };
  }

  /** What a member acting as the studio changed (written by the studios' access hook after a change succeeded). */
  async record(studioId: string, memberUserId: string, action: string, target: string | null): Promise<void> {
    await this.studios.insertAudit(this.auditRow(studioId, memberUserId, action, target, this.clock.now().toISOString()));
  }

  /** The person's studios and the one their session acts for, for the header's switcher. */
  async mine(person: { id: string; name: string }, actingFor: string | null): Promise<MyStudios> {
    const rows = await this.studios.studiosOf(person.id);
    const studios = rows.map((row) => ({ id: row.studio_id, name: row.name, role: row.role }));
    return { me: person, acting: studios.find((studio) => studio.id === actingFor && studio.id !== person.id) ?? null, studios };
  }

  /** Acting for one of the person's studios from the next request on; null, or their own studio, is acting as themselves. */
  async setActive(person: { id: string; name: string }, token: string | undefined, studioId: string | null): Promise<MyStudios> {
    const target = studioId === person.id ? null : studioId;
    if (target !== null && !(await this.studios.findMember(target, person.id))) {
      throw forbidden('You are not a member of this studio');
    }
    await this.sessions.setActiveStudio(token, target);
    return this.mine(person, target);
  }

  private async resolve(actor: StudioActor): Promise<{ studio: Studio; role: StudioRole }> {
    const studio = await this.studios.findStudio(actor.studioId);
    if (!studio) throw notFound('Your account is not a studio yet');
    return { studio: { id: studio.id, name: studio.name, createdAt: studio.created_at }, role: actor.role ?? 'owner' };
  }

  private async studioOf(studioId: string): Promise<Studio> {
    const studio = await this.studios.findStudio(studioId);
    if (!studio) throw notFound('No such studio');
    return { id: studio.id, name: studio.name, createdAt: studio.created_at };
  }

  private auditRow(studioId: string, memberUserId: string, action: string, target: string | null, createdAt: string) {
    return { id: newId(), studio_id: studioId, member_user_id: memberUserId, action: action.slice(0, 300), target, created_at: createdAt };
  }

  private invitationMail(to: string, studioName: string, inviterName: string, role: StudioRole, link: string) {
    return renderMail({
      to,
      subject: `Join ${studioName} on the marketplace`,
      heading: `Join ${studioName}`,
      paragraphs: [
        `${inviterName} invites you to join the studio ${studioName} as ${STUDIO_ROLE_LABELS[role]}.`,
        `Sign in (or sign up) with this email address and open the link within ${STUDIO_INVITATION_DAYS} days to accept.`,
      ],
      action: { label: 'Accept the invitation', url: link },
      footnote: 'The link works once. If you do not know this studio, ignore this mail.',
    });
  }
}
