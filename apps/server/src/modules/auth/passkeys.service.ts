import { randomBytes } from 'node:crypto';
import type {
  Passkey,
  PasskeyAuthenticationBody,
  PasskeyCreationOptions,
  PasskeyRegistrationBody,
  PasskeyRequestOptions,
  SessionUser,
} from '@market/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { AuthService, CurrentSession, Device, StartedSession } from './auth.service.js';
import { type PasskeyRow, PasskeysRepository } from './passkeys.repository.js';

/** A ceremony's challenge is good for this long, and once (docs/decisions/0017). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** Whom the browser binds a passkey to: the RP ID (a host name) and the page origins allowed to use it. */
export interface RelyingParty {
  id: string;
  origins: string[];
}

/** The few authenticators a person will recognise by name, by AAGUID (the FIDO metadata's names). */
const KNOWN_AUTHENTICATORS: Record<string, string> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
};

/** "Chrome on Linux" from a User-Agent, for a passkey its authenticator does not name. */
export function deviceNameFrom(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = [
    [/Edg\//, 'Edge'],
    [/Firefox\//, 'Firefox'],
    [/(Chrome|Chromium|HeadlessChrome)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;
  const system = [
    [/iPhone|iPad/, 'iOS'],
    [/Android/, 'Android'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  backedUp: row.backed_up === 1,
});

/** The challenge a browser signed, from the response's clientDataJSON; null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

const CHALLENGE_GONE = 'This passkey request has expired or was already used: please try again';
const NOT_VERIFIED = 'The passkey could not be verified';
const SIGN_IN_REFUSED = 'This passkey cannot sign you in here';
const NOT_YOURS = 'Use one of your own passkeys to confirm it is you';

export interface PasskeysServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  auth: AuthService;
  /** The site's name, shown by the browser and the authenticator. */
  rpName: string;
}

export class PasskeysService {
  private readonly passkeys: PasskeysRepository;
  private readonly clock: Clock;
  private readonly auth: AuthService;
  private readonly rpName: string;

  constructor({ db, clock, auth, rpName }: PasskeysServiceDependencies) {
    this.passkeys = new PasskeysRepository(db);
    this.clock = clock;
    this.auth = auth;
    this.rpName = rpName;
  }

  async list(actor: SessionUser): Promise<Passkey[]> {
    return (await this.passkeys.listOf(actor._id)).map(toPasskey);
  }

  /**
   * Options for a new passkey of the signed-in person: discoverable (so it signs in without an
   * email), none of the ones they already have on the same authenticator.
   */
  async registrationOptions(actor: SessionUser, rp: RelyingParty): Promise<PasskeyCreationOptions> {
    const existing = await this.passkeys.listOf(actor._id);
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: rp.id,
      userName: actor.email,
      userDisplayName: actor.name,
      // The user handle a discoverable sign-in answers: our id, never the email.
      userID: new TextEncoder().encode(actor._id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    await this.storeChallenge('registration', options.challenge, actor._id, newId());
    return options as PasskeyCreationOptions;
  }

  async register(actor: SessionUser, body: PasskeyRegistrationBody, rp: RelyingParty, userAgent?: string): Promise<Passkey> {
    const challenge = challengeOf(body.response.response.clientDataJSON);
    const now = this.clock.now().toISOString();
    if (!challenge || !(await this.passkeys.consumeChallenge({ purpose: 'registration', challenge, userId: actor._id, nowIso: now }))) {
      throw badRequest(CHALLENGE_GONE);
    }
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch {
      throw badRequest(NOT_VERIFIED);
    }
    if (!verification.verified) throw badRequest(NOT_VERIFIED);
    const info = verification.registrationInfo;
    const credentialId = info.credential.id;
    if (await this.passkeys.findByCredentialId(credentialId)) throw conflict('This passkey is already registered');
    const row: PasskeyRow = {
      id: newId(),
      user_id: actor._id,
      credential_id: credentialId,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? body.response.response.transports ?? []),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name: body.name ?? KNOWN_AUTHENTICATORS[info.aaguid] ?? deviceNameFrom(userAgent) ?? 'Passkey',
      created_at: now,
      last_used_at: null,
    };
    try {
      await this.passkeys.insert(row);
    } catch (error) {
      // Two registrations of one credential at once: the unique index decides.
      if (await this.passkeys.findByCredentialId(credentialId)) throw conflict('This passkey is already registered');
      throw error;
    }
    await this.auth.twoFactor.tell(actor, 'A passkey was added to your account', [
      `The passkey "${row.name}" can now sign in to your account, and confirm it is you.`,
      'If this was not you, remove it on your Security page, reset your password at once and contact us.',
    ]);
    return toPasskey(row);
  }

  async rename(actor: SessionUser, id: string, name: string): Promise<Passkey> {
    if (!(await this.passkeys.rename(actor._id, id, name))) throw notFound('No such passkey');
    return toPasskey((await this.passkeys.findOwned(actor._id, id))!);
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    if (!(await this.passkeys.delete(actor._id, id))) throw notFound('No such passkey');
    await this.auth.twoFactor.tell(actor, 'A passkey was removed from your account', [
      'One of your passkeys can no longer sign in to your account.',
      'If this was not you, reset your password at once and contact us.',
    ]);
  }

  /**
   * Options for signing in with a passkey alone: no user named, no credentials listed, so the
   * browser offers the discoverable passkeys it holds for this site. The answer's `challengeId`
   * goes into a cookie, so only this browser can spend the challenge.
   */
  async authenticationOptions(rp: RelyingParty): Promise<{ challengeId: string; options: PasskeyRequestOptions }> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: [],
      userVerification: 'preferred',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    const challengeId = randomBytes(24).toString('base64url');
    await this.storeChallenge('authentication', options.challenge, null, challengeId);
    return { challengeId, options: options as PasskeyRequestOptions };
  }

  /**
   * Checks the assertion and its counter, records the use, and starts a session as a password and
   * a second factor would: a passkey is both (docs/decisions/0017), so the session is stepped up.
   */
  async signIn(
    challengeId: string | undefined,
    body: PasskeyAuthenticationBody,
    rp: RelyingParty,
    device: Device,
  ): Promise<StartedSession> {
    const passkey = await this.verifiedPasskey(challengeId, body, rp);
    const session = await this.auth.startSessionFor(passkey.user_id, device);
    if (!session) throw unauthorized(SIGN_IN_REFUSED);
    return session;
  }

  /**
   * A step-up with one of the person's own passkeys (docs/decisions/0016): the session may then make
   * the calls that ask for a fresh second factor, for STEP_UP_TTL_MINUTES.
   */
  async stepUp(
    personId: string,
    session: CurrentSession,
    challengeId: string | undefined,
    body: PasskeyAuthenticationBody,
    rp: RelyingParty,
  ): Promise<void> {
    const passkey = await this.verifiedPasskey(challengeId, body, rp);
    if (passkey.user_id !== personId) throw unauthorized(NOT_YOURS);
    await this.auth.markSteppedUp(session);
  }

  /** The passkey that signed this challenge, its signature and counter checked and its use recorded. */
  private async verifiedPasskey(challengeId: string | undefined, body: PasskeyAuthenticationBody, rp: RelyingParty): Promise<PasskeyRow> {
    const { response } = body;
    const challenge = challengeOf(response.response.clientDataJSON);
    const now = this.clock.now().toISOString();
    if (
      !challengeId ||
      !challenge ||
      !(await this.passkeys.consumeChallenge({ purpose: 'authentication', challenge, id: challengeId, nowIso: now }))
    ) {
      throw badRequest(CHALLENGE_GONE);
    }
    const passkey = await this.passkeys.findByCredentialId(response.id);
    if (!passkey) throw unauthorized(SIGN_IN_REFUSED);
    // A discoverable assertion names its account: it must be the passkey's own.
    if (response.response.userHandle !== undefined) {
      const handle = Buffer.from(response.response.userHandle, 'base64url').toString('utf8');
      if (handle !== passkey.user_id) throw unauthorized(SIGN_IN_REFUSED);
    }
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: false,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: JSON.parse(passkey.transports) as never,
        },
      });
      if (!verification.verified) throw new Error('not verified');
      newCounter = verification.authenticationInfo.newCounter;
    } catch {
      // A bad signature, or a counter that did not move on from the last use (a cloned authenticator).
      throw unauthorized(NOT_VERIFIED);
    }
    // Two sign-ins with one passkey at once: the one that stores its counter first wins.
    if (!(await this.passkeys.recordUse(passkey.id, Number(passkey.counter), newCounter, now))) throw unauthorized(NOT_VERIFIED);
    return passkey;
  }

  /** Whether the person has a passkey: a second factor of theirs (docs/decisions/0016, "Methods"). */
  async hasAny(userId: string): Promise<boolean> {
    return (await this.passkeys.listOf(userId)).length > 0;
  }

  private async storeChallenge(purpose: 'registration' | 'authentication', challenge: string, userId: string | null, id: string) {
    const now = this.clock.now();
    // Expired challenges go as new ones come: the table holds at most five minutes of them.
    await this.passkeys.deleteExpiredChallenges(now.toISOString());
    await this.passkeys.insertChallenge({
      id,
      purpose,
      user_id: userId,
      challenge,
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
  }
}
