import { createHash, randomBytes } from 'node:crypto';
import {
  type SecondFactorMethod,
  type SessionInfo,
  type SessionUser,
  type SignInBody,
  type SignUpBody,
  STEP_UP_TTL_MINUTES,
  type StepUpBody,
  type StudioRole,
  type UserListItem,
} from '@market/contracts';
import { type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type MailOutbox, renderMail } from '../../platform/mail/index.js';
import { TwoFactorRepository } from './twoFactor.repository.js';
import { type SecondFactorProof, TwoFactorService } from './twoFactor.service.js';
import type { PasswordHasher } from './password.js';
import { assertStrongPassword } from './passwordStrength.js';
import { canListUsers } from './policies.js';
import { type ActingRoleOfSession, SessionsRepository } from './sessions.repository.js';
import { type UserRow, UsersRepository } from './users.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StartedSession {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/** A person acting for a studio they belong to (docs/decisions/0018): who they are and their role there. */
export interface ActingMember {
  userId: string;
  name: string;
  role: StudioRole;
}

/** A request's session: whom it acts as (the studio's account when acting for one) and the member acting. */
export interface ResolvedSession {
  user: SessionUser;
  member: ActingMember | null;
  session: CurrentSession;
}

/** A sign-in whose password was right, waiting for its second factor (docs/decisions/0016). */
export interface PendingSignIn {
  pendingToken: string;
  expiresAt: Date;
  methods: SecondFactorMethod[];
}

export type SignInOutcome = { kind: 'session'; session: StartedSession } | { kind: 'pending'; pending: PendingSignIn };

/** The browser a session is started from, as the request tells it. */
export interface Device {
  userAgent: string | null;
  ip: string | null;
}

const NO_DEVICE: Device = { userAgent: null, ip: null };

/** The session of a request, beside its user. */
export interface CurrentSession {
  id: string;
  tokenHash: string;
  /** A second factor (or, without one, the password) proved in the last STEP_UP_TTL_MINUTES. */
  steppedUp: boolean;
  /** An admin under ADMIN_REQUIRE_2FA without a second factor: only enrolment calls answer. */
  enrolmentOnly: boolean;
}

/** How long a pending sign-in waits for its second factor, and how many wrong codes it survives. */
export const PENDING_SIGN_IN_TTL_MS = 5 * MINUTE_MS;
export const PENDING_SIGN_IN_MAX_FAILURES = 6;
/** last_seen_at is written at most this often per session: one small UPDATE a minute, not one per request. */
const LAST_SEEN_EVERY_MS = MINUTE_MS;

export const emailKey = (email: string) => email.trim().toLowerCase();
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const deviceHash = (device: Device) =>
  createHash('sha256')
    .update(`${device.userAgent ?? ''}\n${device.ip ?? ''}`)
    .digest('hex');

function toSessionUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'number' | 'role'>): SessionUser {
  return { _id: row.id, name: row.name, email: row.email, number: row.number, role: row.role };
}

export interface AuthServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  sessionTtlDays: number;
  passwords: PasswordHasher;
  /** The studios module's members, for sessions acting for a studio (docs/decisions/0018). */
  actingRole?: ActingRoleOfSession;
  /** Mails about the account's security (a new factor, a new device); null: none (some tests). */
  mail?: MailOutbox | null;
  /** ADMIN_REQUIRE_2FA: an admin without a second factor gets an enrolment-only session. */
  adminRequireSecondFactor?: boolean;
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly clock: Clock;
  private readonly sessionTtlDays: number;
  private readonly passwords: PasswordHasher;
  private readonly pending: TwoFactorRepository;
  private readonly mail: MailOutbox | null;
  private readonly adminRequireSecondFactor: boolean;
  /** TOTP, recovery codes and the registry of second-factor methods (passkeys add theirs here). */
  readonly twoFactor: TwoFactorService;

  constructor({
    db,
    clock,
    sessionTtlDays,
    passwords,
    actingRole,
    mail = null,
    adminRequireSecondFactor = false,
  }: AuthServiceDependencies) {
    this.passwords = passwords;
    this.users = new UsersRepository(db);
    this.sessions = new SessionsRepository(db, actingRole);
    this.pending = new TwoFactorRepository(db);
    this.clock = clock;
    this.sessionTtlDays = sessionTtlDays;
    this.mail = mail;
    this.adminRequireSecondFactor = adminRequireSecondFactor;
    this.twoFactor = new TwoFactorService({ db, clock, mail });
  }

  /** Every sign-up is a User, whatever role the form claims; a password easy to guess is refused. */
  async signUp(body: SignUpBody, device: Device = NO_DEVICE): Promise<StartedSession> {
    assertStrongPassword(body.password, body);
    return this.createUser(body, device);
  }

  /**
   * The demo seed's accounts (seller12345, buyer12345): created as sign-up would, without the
   * strength rule, because their passwords are printed for everyone to try anyway.
   */
  async createDemoUser(body: SignUpBody): Promise<StartedSession> {
    return this.createUser(body);
  }

  private async createUser(body: SignUpBody, device: Device = NO_DEVICE): Promise<StartedSession> {
    const key = emailKey(body.email);
    if (await this.users.findByEmailKey(key)) throw conflict('An account with this email already exists', 'email');
    const row: UserRow = {
      id: newId(),
      name: body.name,
      email: body.email,
      email_key: key,
      number: body.number,
      password_hash: await this.passwords.hash(body.password),
      role: 'User',
      created_at: this.clock.now().toISOString(),
    };
    try {
      await this.users.insert(row);
    } catch (error) {
      // Two sign-ups with one email at the same moment: the unique index decides.
      if (await this.users.findByEmailKey(key)) throw conflict('An account with this email already exists', 'email');
      throw error;
    }
    // The first device is where the account was made: nothing to tell.
    if (device.userAgent !== null || device.ip !== null) await this.pending.rememberDevice(row.id, deviceHash(device), row.created_at);
    return this.startSession(row, { device, steppedUp: false });
  }

  /**
   * The password first; an account with a second factor gets a pending sign-in (no session) that
   * `verifyPendingSignIn` or `completePendingSignIn` finishes. Without one: a session, as always.
   */
  async signIn({ email, password }: SignInBody, device: Device = NO_DEVICE): Promise<SignInOutcome> {
    const row = await this.users.findByEmailKey(emailKey(email));
    const passwordMatches = await this.passwords.verify(password, row?.password_hash ?? (await this.passwords.decoy()));
    if (!row || !passwordMatches) throw unauthorized('Invalid email or password');
    const methods = await this.twoFactor.methodsFor(row.id);
    if (methods.length === 0) {
      const enrolmentOnly = this.adminRequireSecondFactor && row.role === 'Admin';
      return { kind: 'session', session: await this.startSignedInSession(row, device, { steppedUp: false, enrolmentOnly }) };
    }
    const pendingToken = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
    await this.pending.insertPending(
      {
        token_hash: hashToken(pendingToken),
        user_id: row.id,
        failed_attempts: 0,
        user_agent: device.userAgent,
        ip_address: device.ip,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      },
      now.toISOString(),
    );
    return { kind: 'pending', pending: { pendingToken, expiresAt, methods } };
  }

  /**
   * Finishes a pending sign-in with a code or a recovery code. A wrong one counts against it: the
   * sixth ends it (429), so a stolen password buys six guesses, then a new password check.
   */
  async verifyPendingSignIn(
    pendingToken: string | undefined,
    proof: SecondFactorProof,
    device: Device = NO_DEVICE,
  ): Promise<StartedSession> {
    const pending = pendingToken ? await this.pending.findPending(hashToken(pendingToken), this.clock.now().toISOString()) : undefined;
    if (!pending || !pendingToken) throw unauthorized('Your sign-in has expired. Please sign in again.');
    if (await this.twoFactor.verify(pending.user_id, proof)) return this.completePendingSignIn(pendingToken, pending.user_id, device);
    const failures = await this.pending.failPending(pending.token_hash);
    if (failures >= PENDING_SIGN_IN_MAX_FAILURES) {
      await this.pending.deletePending(pending.token_hash);
      throw new HttpError(429, 'Too many wrong codes. Please sign in again.');
    }
    throw badRequest('That code is not right.', 'recoveryCode' in proof ? 'recoveryCode' : 'code');
  }

  /**
   * The door for other second factors (passkeys): once the caller has checked its own proof for
   * `userId`, this turns the pending sign-in `pendingToken` into a real session, stepped up (a
   * fresh second factor). Refused (401) when the pending sign-in is unknown, expired, already
   * finished or someone else's (docs/decisions/0016).
   */
  async completePendingSignIn(pendingToken: string, userId: string, device: Device = NO_DEVICE): Promise<StartedSession> {
    const tokenHash = hashToken(pendingToken);
    const pending = await this.pending.findPending(tokenHash, this.clock.now().toISOString());
    if (!pending || pending.user_id !== userId || !(await this.pending.deletePending(tokenHash))) {
      throw unauthorized('Your sign-in has expired. Please sign in again.');
    }
    const row = await this.users.findById(userId);
    if (!row) throw unauthorized('Your sign-in has expired. Please sign in again.');
    return this.startSignedInSession(row, device, { steppedUp: true, enrolmentOnly: false });
  }

  /** The user of a pending sign-in (for another second factor's challenge), or null when it is not live. */
  async pendingSignInUser(pendingToken: string | undefined): Promise<string | null> {
    if (!pendingToken) return null;
    return (await this.pending.findPending(hashToken(pendingToken), this.clock.now().toISOString()))?.user_id ?? null;
  }

  /**
   * A session for someone a passkey has already proven, both factors at once (docs/decisions/0017):
   * stepped up, and mailed about like any sign-in from a new device; null when the account no longer
   * exists.
   */
  async startSessionFor(userId: string, device: Device = NO_DEVICE): Promise<StartedSession | null> {
    const row = await this.users.findById(userId);
    return row ? this.startSignedInSession(row, device, { steppedUp: true, enrolmentOnly: false }) : null;
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(hashToken(token));
  }

  /**
   * The live session of a cookie with its user; marks it seen (at most once a minute). Acting for a
   * studio, the request acts as the studio's account, always as a User even if that account is an
   * admin's, while the membership still exists (docs/decisions/0018).
   */
  async sessionForToken(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token) return null;
    const now = this.clock.now();
    const row = await this.sessions.findLiveByTokenHash(hashToken(token), now.toISOString());
    if (!row) return null;
    if (!row.last_seen_at || now.getTime() - Date.parse(row.last_seen_at) >= LAST_SEEN_EVERY_MS) {
      await this.sessions.touch(row.token_hash, now.toISOString());
    }
    let enrolmentOnly = row.enrolment_only === 1;
    // Enrolled since (on this or another session): the restriction ends for all of them.
    if (enrolmentOnly && (await this.twoFactor.hasSecondFactor(row.id))) {
      await this.sessions.clearEnrolmentOnly(row.id);
      enrolmentOnly = false;
    }
    const steppedUp = row.stepped_up_at !== null && now.getTime() - Date.parse(row.stepped_up_at) <= STEP_UP_TTL_MINUTES * MINUTE_MS;
    const session = { id: row.session_id ?? '', tokenHash: row.token_hash, steppedUp, enrolmentOnly };
    if (row.acting_role && row.studio_id && row.studio_id !== row.id) {
      return {
        user: {
          _id: row.studio_id,
          name: row.studio_name ?? '',
          email: row.studio_email ?? '',
          number: row.studio_number ?? '',
          role: 'User',
        },
        member: { userId: row.id, name: row.name, role: row.acting_role },
        session,
      };
    }
    return { user: toSessionUser(row), member: null, session };
  }

  /**
   * Proves it is still the person (the member, when the session acts for a studio): a code or a
   * recovery code, or the password of an account without a second factor. The session is then stepped up for STEP_UP_TTL_MINUTES.
   */
  async stepUp(personId: string, session: CurrentSession, body: StepUpBody): Promise<Date> {
    const hasSecondFactor = await this.twoFactor.hasSecondFactor(personId);
    if ('password' in body) {
      if (hasSecondFactor) throw badRequest('Use a code from your authenticator app (or a recovery code)', 'password');
      const row = await this.users.findById(personId);
      if (!row || !(await this.passwords.verify(body.password, row.password_hash)))
        throw badRequest('That password is not right.', 'password');
    } else if (!(await this.twoFactor.verify(personId, body))) {
      throw badRequest('That code is not right.', 'recoveryCode' in body ? 'recoveryCode' : 'code');
    }
    const now = this.clock.now();
    await this.sessions.markSteppedUp(session.tokenHash, now.toISOString());
    return new Date(now.getTime() + STEP_UP_TTL_MINUTES * MINUTE_MS);
  }

  /** Enrolling proves the second factor: the session that did it is stepped up. */
  async markSteppedUp(session: CurrentSession): Promise<void> {
    await this.sessions.markSteppedUp(session.tokenHash, this.clock.now().toISOString());
  }

  async listSessions(user: SessionUser, current: CurrentSession): Promise<SessionInfo[]> {
    const rows = await this.sessions.listLive(user._id, this.clock.now().toISOString());
    return rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        userAgent: row.user_agent,
        ipAddress: row.ip_address,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        current: row.token_hash === current.tokenHash,
      }));
  }

  async revokeSession(user: SessionUser, id: string): Promise<void> {
    if (!(await this.sessions.deleteById(user._id, id))) throw notFound('No such session');
  }

  /** Signs out every other browser of this user; the current session is kept. */
  async revokeOtherSessions(user: SessionUser, current: CurrentSession): Promise<number> {
    return this.sessions.deleteOthers(user._id, current.tokenHash);
  }

  /** Makes a session act for a studio (membership checked by the caller), or for its own person with null. */
  async setActiveStudio(token: string | undefined, studioId: string | null): Promise<void> {
    if (!token) throw unauthorized();
    await this.sessions.setActiveStudio(hashToken(token), studioId);
  }

  /** Every session of a removed member stops acting for the studio at once. */
  async stopActingFor(userId: string, studioId: string): Promise<void> {
    await this.sessions.stopActingFor(userId, studioId);
  }

  async listUsers(actor: SessionUser): Promise<UserListItem[]> {
    if (!canListUsers(actor)) throw forbidden('Only an admin can list users');
    const rows = await this.users.listAll();
    return rows.map((row) => ({ ...toSessionUser(row), createdAt: row.created_at }));
  }

  async hasAnyUser(): Promise<boolean> {
    return (await this.users.count()) > 0;
  }

  /** Makes sure the configured admin can sign in with the configured password; safe when twin instances do it at once. */
  async ensureAdmin(admin: { email: string; password: string; name: string }): Promise<void> {
    await this.users.upsertCredentials({
      id: newId(),
      name: admin.name,
      email: admin.email,
      email_key: emailKey(admin.email),
      number: '',
      password_hash: await this.passwords.hash(admin.password),
      role: 'Admin',
      created_at: this.clock.now().toISOString(),
    });
  }

  /** A session after a sign-in: a device this user never signed in from is mailed about. */
  private async startSignedInSession(
    row: UserRow,
    device: Device,
    { steppedUp, enrolmentOnly }: { steppedUp: boolean; enrolmentOnly: boolean },
  ): Promise<StartedSession> {
    const seen = await this.pending.rememberDevice(row.id, deviceHash(device), this.clock.now().toISOString());
    if (seen === 'new' && this.mail) {
      await this.mail.enqueue(
        renderMail({
          to: row.email,
          subject: 'A new sign-in to your account',
          heading: 'A new sign-in to your account',
          paragraphs: [
            `Hello ${row.name},`,
            'Your account was just signed in to from a browser or address we had not seen before.',
            'If this was you, there is nothing to do. If not, sign out that session on your Security page and change your password.',
          ],
          details: [
            ['Device', device.userAgent ?? 'unknown'],
            ['Address', device.ip ?? 'unknown'],
            ['When', this.clock.now().toISOString()],
          ],
        }),
      );
    }
    return this.startSession(row, { device, steppedUp, enrolmentOnly });
  }

  private async startSession(
    row: UserRow,
    {
      device = NO_DEVICE,
      steppedUp = false,
      enrolmentOnly = false,
    }: { device?: Device; steppedUp?: boolean; enrolmentOnly?: boolean } = {},
  ): Promise<StartedSession> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.sessionTtlDays * DAY_MS);
    await this.sessions.insert({
      token_hash: hashToken(token),
      id: randomBytes(12).toString('base64url'),
      user_id: row.id,
      user_agent: device.userAgent?.slice(0, 400) ?? null,
      ip_address: device.ip,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      stepped_up_at: steppedUp ? now.toISOString() : null,
      enrolment_only: enrolmentOnly ? 1 : 0,
      expires_at: expiresAt.toISOString(),
    });
    return { user: toSessionUser(row), token, expiresAt };
  }
}
