import { type ChangeEmailBody, type ChangePasswordBody, PASSWORD_CHANGED } from '@market/contracts';
import type { Kysely } from 'kysely';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type MailOutbox, renderMail } from '../../platform/mail/index.js';
import { emailKey } from './auth.service.js';
import type { PasswordHasher } from './password.js';
import { assertStrongPassword } from './passwordStrength.js';
import { SessionsRepository } from './sessions.repository.js';
import { UsersRepository } from './users.repository.js';

export interface AccountServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  mail: MailOutbox;
  publicUrl: string;
  passwords: PasswordHasher;
}

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * The signed-in person's own email and password. Both calls sit behind a fresh step-up
 * (docs/decisions/0016): a stolen session alone cannot take the account over by changing them.
 */
export class AccountService {
  private readonly users: UsersRepository;

  constructor(private readonly deps: AccountServiceDependencies) {
    this.users = new UsersRepository(deps.db);
  }

  /** The new email signs in from now on; both addresses are told, so a takeover cannot go unnoticed. */
  async changeEmail(personId: string, { email }: ChangeEmailBody): Promise<void> {
    const person = await this.users.findById(personId);
    if (!person) throw notFound('No such account');
    const key = emailKey(email);
    if (key === person.email_key) return;
    const taken = await this.users.findByEmailKey(key);
    if (taken) throw conflict(EMAIL_TAKEN, 'email');
    try {
      await this.deps.inTransaction(async (trx, afterCommit) => {
        await new UsersRepository(trx).changeEmail(personId, email.trim(), key);
        await this.deps.mail.queue(trx, afterCommit, [
          this.emailChangedMail(person.email, person.name, email.trim()),
          this.emailChangedMail(email.trim(), person.name, email.trim()),
        ]);
      });
    } catch (error) {
      // Two people claiming one address at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, 'email');
      throw error;
    }
  }

  /** A new password under the sign-up rules; every other browser is signed out, this one stays. */
  async changePassword(personId: string, currentTokenHash: string, body: ChangePasswordBody): Promise<string> {
    const person = await this.users.findById(personId);
    if (!person) throw notFound('No such account');
    assertStrongPassword(body.password, person);
    const passwordHash = await this.deps.passwords.hash(body.password);
    await this.deps.inTransaction(async (trx, afterCommit) => {
      await new UsersRepository(trx).changePasswordHash(personId, passwordHash);
      await new SessionsRepository(trx).deleteOthers(personId, currentTokenHash);
      await this.deps.mail.queue(trx, afterCommit, [this.passwordChangedMail(person)]);
    });
    return PASSWORD_CHANGED;
  }

  private emailChangedMail(to: string, name: string, newEmail: string) {
    return renderMail({
      to,
      subject: 'The email of your account was changed',
      heading: 'The email of your account was changed',
      paragraphs: [
        `Hello ${name},`,
        `Your account now signs in with ${newEmail}. Mails about it go there from now on.`,
        'If this was not you, reset your password from the login page at once and contact us.',
      ],
      action: { label: 'Your Security page', url: `${this.deps.publicUrl}/userPanel/security` },
    });
  }

  private passwordChangedMail(person: { email: string; name: string }) {
    return renderMail({
      to: person.email,
      subject: 'Your password was changed',
      heading: 'Your password was changed',
      paragraphs: [
        `Hello ${person.name},`,
        'The password of your account was just changed from your Security page, and every other browser signed in to it was signed out.',
        'If this was not you, ask for a reset link on the login page at once and contact us.',
      ],
      action: { label: 'Log in', url: `${this.deps.publicUrl}/Login` },
    });
  }
}
