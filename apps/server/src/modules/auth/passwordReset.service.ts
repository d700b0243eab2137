import { createHash, randomBytes } from 'node:crypto';
import { FORGOT_PASSWORD_ANSWER, PASSWORD_RESET_DONE, PASSWORD_RESET_LINK_INVALID, type ResetPasswordBody } from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { HttpError } from '../../platform/errors.js';
import { type MailOutbox, renderMail } from '../../platform/mail/index.js';
import { emailKey } from './auth.service.js';
import type { PasswordHasher } from './password.js';
import { assertStrongPassword } from './passwordStrength.js';
import { PasswordResetsRepository } from './passwordResets.repository.js';
import { UsersRepository } from './users.repository.js';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/** How long a mailed reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 410: the link is unknown, expired or already used; the page offers to ask for a new one. */
const linkInvalid = () => new HttpError(410, PASSWORD_RESET_LINK_INVALID);

export interface PasswordResetServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  mail: MailOutbox;
  clock: Clock;
  publicUrl: string;
  passwords: PasswordHasher;
}

/** "Forgot password?": a mailed single-use link that sets a new password and ends every session. */
export class PasswordResetService {
  private readonly users: UsersRepository;
  private readonly resets: PasswordResetsRepository;
  private readonly inTransaction: InTransaction;
  private readonly mail: MailOutbox;
  private readonly clock: Clock;
  private readonly publicUrl: string;
  private readonly passwords: PasswordHasher;

  constructor({ db, inTransaction, mail, clock, publicUrl, passwords }: PasswordResetServiceDependencies) {
    this.passwords = passwords;
    this.inTransaction = inTransaction;
    this.users = new UsersRepository(db);
    this.resets = new PasswordResetsRepository(db);
    this.mail = mail;
    this.clock = clock;
    this.publicUrl = publicUrl;
  }

  /**
   * Always the same answer, after the same work, so neither the text nor the time tells which emails
   * have accounts: both paths make and hash a token and store one mail in one transaction; an address
   * without an account is told so, with no link.
   */
  async requestReset(email: string): Promise<string> {
    const user = await this.users.findByEmailKey(emailKey(email));
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const now = this.clock.now();
    const reset = user
      ? {
          token_hash: tokenHash,
          user_id: user.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(),
          used_at: null,
        }
      : null;
    const mail = user ? this.resetMail(user, token) : this.noAccountMail(email);
    await this.inTransaction(async (trx, afterCommit) => {
      if (reset) await new PasswordResetsRepository(trx).store(reset);
      await this.mail.queue(trx, afterCommit, [mail]);
    });
    return FORGOT_PASSWORD_ANSWER;
  }

  private resetMail(user: { email: string; name: string }, token: string) {
    return renderMail({
      to: user.email,
      subject: 'Reset your password',
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${user.name},`,
        'Someone (we hope you) asked to reset the password of your account. Open this link within one hour to choose a new one.',
      ],
      action: { label: 'Choose a new password', url: `${this.publicUrl}/reset-password?token=${token}` },
      footnote: 'The link works once. If you did not ask, ignore this mail: your password stays as it is.',
    });
  }

  private passwordChangedMail(user: { email: string; name: string }) {
    return renderMail({
      to: user.email,
      subject: 'Your password was changed',
      heading: 'Your password was changed',
      paragraphs: [
        `Hello ${user.name},`,
        'The password of your account was just changed, and every browser signed in to it was signed out.',
        'If this was not you, ask for a reset link on the login page at once and contact us.',
      ],
      action: { label: 'Log in', url: `${this.publicUrl}/Login` },
    });
  }

  private noAccountMail(email: string) {
    return renderMail({
      to: email.trim(),
      subject: 'Reset your password',
      heading: 'Reset your password',
      paragraphs: [
        'Someone (we hope you) asked to reset the password of an account with this email, but no account uses it.',
        'If it was you, perhaps you signed up with another email; try that one, or create an account.',
      ],
      footnote: 'If you did not ask, ignore this mail: nothing has changed.',
    });
  }

  /** Sets the new password under the sign-up rules, uses the token up and ends every session of the user. */
  async resetPassword({ token, password }: ResetPasswordBody): Promise<string> {
    const tokenHash = hashToken(token);
    const user = await this.resets.findLiveUser(tokenHash, this.clock.now().toISOString());
    if (!user) throw linkInvalid();
    assertStrongPassword(password, user);
    const passwordHash = await this.passwords.hash(password);
    // Checked again inside the update: of two resets racing with one link, only one gets here.
    const userId = await this.inTransaction(async (trx, afterCommit) => {
      const used = await new PasswordResetsRepository(trx).consume(tokenHash, this.clock.now().toISOString(), passwordHash);
      // Told in the same unit of work: a changed password is always mailed (docs/decisions/0016).
      if (used) await this.mail.queue(trx, afterCommit, [this.passwordChangedMail(user)]);
      return used;
    });
    if (!userId) throw linkInvalid();
    return PASSWORD_RESET_DONE;
  }
}
