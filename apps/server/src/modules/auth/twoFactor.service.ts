import { createHash, randomInt } from 'node:crypto';
import type { RecoveryCodes, SecondFactorMethod, TotpEnrolment, TwoFactorStatus } from '@market/contracts';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, badRequest } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type MailOutbox, renderMail } from '../../platform/mail/index.js';
import { TwoFactorRepository } from './twoFactor.repository.js';

/** What the authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Source Code Marketplace';
const TOTP_PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): a code is read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A second factor a person may have: TOTP is built in, passkeys register theirs with
 * `AuthService.twoFactor.registerMethod` (docs/decisions/0016, "Methods").
 */
export interface SecondFactorProvider {
  method: SecondFactorMethod;
  enrolled(userId: string): Promise<boolean>;
}

export type SecondFactorProof = { code: string } | { recoveryCode: string };

interface Person {
  _id: string;
  name: string;
  email: string;
}

export interface TwoFactorServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  mail: MailOutbox | null;
}

/** TOTP enrolment and the checks of codes and recovery codes (docs/decisions/0016). */
export class TwoFactorService {
  private readonly repository: TwoFactorRepository;
  private readonly clock: Clock;
  private readonly mail: MailOutbox | null;
  private readonly providers: SecondFactorProvider[] = [];

  constructor({ db, clock, mail }: TwoFactorServiceDependencies) {
    this.repository = new TwoFactorRepository(db);
    this.clock = clock;
    this.mail = mail;
    this.providers.push({ method: 'totp', enrolled: async (userId) => Boolean((await this.repository.findTotp(userId))?.confirmed_at) });
  }

  /** Adds a second factor (a passkey) to the methods a pending sign-in answers and to `hasSecondFactor`. */
  registerMethod(provider: SecondFactorProvider): void {
    this.providers.push(provider);
  }

  /** The methods this person can finish a sign-in with; empty: they sign in with the password alone. */
  async methodsFor(userId: string): Promise<SecondFactorMethod[]> {
    const enrolled = await Promise.all(
      this.providers.map(async (provider) => ((await provider.enrolled(userId)) ? provider.method : null)),
    );
    const methods = enrolled.filter((method): method is SecondFactorMethod => method !== null);
    if (methods.length > 0 && (await this.repository.recoveryCodesLeft(userId)) > 0) methods.push('recovery');
    return methods;
  }

  async hasSecondFactor(userId: string): Promise<boolean> {
    return (await this.methodsFor(userId)).length > 0;
  }

  async status(userId: string, enrolmentRequired: boolean): Promise<TwoFactorStatus> {
    const totp = await this.repository.findTotp(userId);
    return {
      totp: Boolean(totp?.confirmed_at),
      recoveryCodesLeft: await this.repository.recoveryCodesLeft(userId),
      methods: await this.methodsFor(userId),
      enrolmentRequired,
    };
  }

  /** A new secret waiting for its first code; one already confirmed must be turned off first. */
  async startTotp(person: Person): Promise<TotpEnrolment> {
    const existing = await this.repository.findTotp(person._id);
    if (existing?.confirmed_at) throw conflict('Two-factor sign-in is already on; turn it off first to set up another app');
    const secret = generateSecret();
    await this.repository.startTotp({
      user_id: person._id,
      secret,
      confirmed_at: null,
      last_step: null,
      created_at: this.clock.now().toISOString(),
    });
    const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: person.email, secret });
    // Drawn here, never by a third-party service: the secret must not leave our server but to this browser.
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrSvg };
  }

  /** The first code proves the app has the secret; answers the recovery codes, the only time they are shown. */
  async confirmTotp(person: Person, code: string): Promise<RecoveryCodes> {
    const totp = await this.repository.findTotp(person._id);
    if (!totp || totp.confirmed_at) throw conflict('Start the set-up again: there is no secret waiting for a code');
    const step = await this.matchingStep(totp.secret, code, null);
    if (step === null) throw badRequest('That code is not right. Check the time on your phone and try the next code.', 'code');
    const now = this.clock.now().toISOString();
    if (!(await this.repository.confirmTotp(person._id, now, step))) throw conflict('Two-factor sign-in is already on');
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    await this.repository.replaceRecoveryCodes(
      person._id,
      recoveryCodes.map((recoveryCode) => ({
        id: newId(),
        user_id: person._id,
        code_hash: sha256(normalRecoveryCode(recoveryCode)),
        used_at: null,
        created_at: now,
      })),
    );
    await this.tell(person, 'Two-factor sign-in is on', [
      'An authenticator app was just added to your account: signing in now asks for its code after your password.',
      'If this was not you, reset your password at once and contact us.',
    ]);
    return { recoveryCodes };
  }

  async disableTotp(person: Person): Promise<void> {
    await this.repository.deleteTotp(person._id);
    await this.tell(person, 'Two-factor sign-in is off', [
      'The authenticator app and the recovery codes were removed from your account: signing in asks for your password alone.',
      'If this was not you, reset your password at once and contact us.',
    ]);
  }

  /** Checks a code (each time step once) or a recovery code (each once); false when neither is right. */
  async verify(userId: string, proof: SecondFactorProof): Promise<boolean> {
    if ('recoveryCode' in proof) {
      return this.repository.useRecoveryCode(userId, sha256(normalRecoveryCode(proof.recoveryCode)), this.clock.now().toISOString());
    }
    const totp = await this.repository.findTotp(userId);
    if (!totp?.confirmed_at) return false;
    const step = await this.matchingStep(totp.secret, proof.code, totp.last_step);
    return step !== null && (await this.repository.acceptStep(userId, step));
  }

  /** The time step the code belongs to, within one step either side of now and after `usedStep`; null: no match. */
  private async matchingStep(secret: string, code: string, usedStep: number | null): Promise<number | null> {
    const epoch = Math.floor(this.clock.now().getTime() / 1000);
    const latest = Math.floor(epoch / TOTP_PERIOD_SECONDS) + 1;
    if (usedStep !== null && usedStep >= latest) return null;
    const result = await verify({
      secret,
      token: code,
      epoch,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(usedStep !== null ? { afterTimeStep: usedStep } : {}),
    });
    return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  }

  /** Mails the person about a change to what protects their account: every factor added or removed is told. */
  async tell(person: Person, subject: string, paragraphs: string[]): Promise<void> {
    if (!this.mail) return;
    await this.mail.enqueue(
      renderMail({ to: person.email, subject, heading: subject, paragraphs: [`Hello ${person.name},`, ...paragraphs] }),
    );
  }
}

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

const normalRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();
