import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser, SignInBody, SignUpBody, UserListItem } from '@market/contracts';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { conflict, forbidden, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { PasswordHasher } from './password.js';
import { assertStrongPassword } from './passwordStrength.js';
import { canListUsers } from './policies.js';
import { SessionsRepository } from './sessions.repository.js';
import { type UserRow, UsersRepository } from './users.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StartedSession {
  user: SessionUser;
  token: string;
  expiresAt: Date;
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
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly clock: Clock;
  private readonly sessionTtlDays: number;
  private readonly passwords: PasswordHasher;

  constructor({ db, clock, sessionTtlDays, passwords }: AuthServiceDependencies) {
    this.passwords = passwords;
    this.users = new UsersRepository(db);
    this.sessions = new SessionsRepository(db);
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
