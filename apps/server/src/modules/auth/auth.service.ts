import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser, SignInBody, StudioRole, SignUpBody, UserListItem } from '@market/contracts';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { conflict, forbidden, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
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
}

export const emailKey = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly clock: Clock;
  private readonly sessionTtlDays: number;
  private readonly passwords: PasswordHasher;

  constructor({ db, clock, sessionTtlDays, passwords, actingRole }: AuthServiceDependencies) {
    this.passwords = passwords;
    this.users = new UsersRepository(db);
    this.sessions = new SessionsRepository(db, actingRole);
    this.clock = clock;
    this.sessionTtlDays = sessionTtlDays;
  }

  /** Every sign-up is a User, whatever role the form claims; a password easy to guess is refused. */
  async signUp(body: SignUpBody): Promise<StartedSession> {
    assertStrongPassword(body.password, body);
    return this.createUser(body);
  }

  /**
   * The demo seed's accounts (seller12345, buyer12345): created as sign-up would, without the
   * strength rule, because their passwords are printed for everyone to try anyway.
   */
  async createDemoUser(body: SignUpBody): Promise<StartedSession> {
    return this.createUser(body);
  }

  private async createUser(body: SignUpBody): Promise<StartedSession> {
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
    return this.startSession(row);
  }

  async signIn({ email, password }: SignInBody): Promise<StartedSession> {
    const row = await this.users.findByEmailKey(emailKey(email));
    const passwordMatches = await this.passwords.verify(password, row?.password_hash ?? (await this.passwords.decoy()));
    if (!row || !passwordMatches) throw unauthorized('Invalid email or password');
    return this.startSession(row);
  }

  /**
   * A session for someone another sign-in method has already proven (a passkey,
   * docs/decisions/0017); null when the account no longer exists.
   */
  async startSessionFor(userId: string): Promise<StartedSession | null> {
    const row = await this.users.findById(userId);
    return row ? this.startSession(row) : null;
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(hashToken(token));
  }

  async userForToken(token: string | undefined): Promise<SessionUser | null> {
    if (!token) return null;
    const row = await this.sessions.findUserByTokenHash(hashToken(token), this.clock.now().toISOString());
    return row ? toSessionUser(row) : null;
  }

  /**
   * The session of a cookie token. Acting for a studio, the request acts as the studio's account,
   * always as a User even if that account is an admin's, while the membership still exists.
   */
  async sessionForToken(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token) return null;
    const row = await this.sessions.findSessionByTokenHash(hashToken(token), this.clock.now().toISOString());
    if (!row) return null;
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
      };
    }
    return { user: toSessionUser(row), member: null };
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

  private async startSession(row: UserRow): Promise<StartedSession> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.sessionTtlDays * DAY_MS);
    await this.sessions.insert({
      token_hash: hashToken(token),
      user_id: row.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return { user: toSessionUser(row), token, expiresAt };
  }
}
