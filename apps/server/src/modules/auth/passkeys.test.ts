import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions, SessionUser } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, sessionCookieOf, type TestContext, type TestUser } from '../../test/helper.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';

const ORIGIN = 'http://localhost:3000';

async function setUp() {
  const ctx = await buildTestApp({ PUBLIC_URL: ORIGIN });
  const person = await createUser(ctx, { name: 'Pat Passkey' });
  return { ctx, person, authenticator: new SoftAuthenticator({ origin: ORIGIN }) };
}

async function registrationOptions(ctx: TestContext, user: TestUser): Promise<PasskeyCreationOptions> {
  const response = await injectAs(ctx, user, { method: 'POST', url: '/api/user/passkeys/registration/options' });
  expect(response.statusCode).toBe(200);
  return response.json() as PasskeyCreationOptions;
}

async function register(ctx: TestContext, user: TestUser, authenticator: SoftAuthenticator, name?: string): Promise<Passkey> {
  const credential = authenticator.create(await registrationOptions(ctx, user));
  const response = await injectAs(ctx, user, {
    method: 'POST',
    url: '/api/user/passkeys/registration/verify',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
    payload: { response: credential, ...(name ? { name } : {}) },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Passkey;
}

async function listOf(ctx: TestContext, user: TestUser): Promise<Passkey[]> {
  const response = await injectAs(ctx, user, { method: 'GET', url: '/api/user/passkeys' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { passkeys: Passkey[] }).passkeys;
}

/** A visitor's request for sign-in options: the options and the cookie that ties the challenge to this "browser". */
async function signInOptions(ctx: TestContext): Promise<{ options: PasskeyRequestOptions; cookie: string }> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/user/passkeys/authentication/options' });
  expect(response.statusCode).toBe(200);
  const setCookie = [response.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('passkey_challenge='));
  return { options: response.json() as PasskeyRequestOptions, cookie: setCookie!.split(';')[0]! };
}

function signIn(ctx: TestContext, cookie: string, assertion: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/passkeys/authentication/verify',
    headers: { cookie },
    payload: { response: assertion },
  });
}

describe('passkeys (docs/decisions/0017)', () => {
  it('mails the person when a passkey is added and when one is removed', async () => {
    const { ctx, person, authenticator } = await setUp();
    const passkey = await register(ctx, person, authenticator, 'Desk key');
    expect((await injectAs(ctx, person, { method: 'DELETE', url: `/api/user/passkeys/${passkey._id}` })).statusCode).toBe(200);
    const subjects = (await ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', person.email).execute()).map(
      (row) => row.subject,
    );
    expect(subjects).toEqual(expect.arrayContaining(['A passkey was added to your account', 'A passkey was removed from your account']));
  });

  it('registers two passkeys, lists them, renames one and removes the other', async () => {
    const { ctx, person, authenticator } = await setUp();
    const laptop = await register(ctx, person, authenticator, 'Work laptop');
    const addedAt = ctx.clock.now().toISOString();
    ctx.clock.advance(60_000);
    const phone = await register(ctx, person, new SoftAuthenticator({ origin: ORIGIN }));
    expect(laptop.name).toBe('Work laptop');
    // Unnamed, it is called after the browser and system it was made on.
    expect(phone.name).toBe('Chrome on Linux');
    expect((await listOf(ctx, person)).map((passkey) => passkey.name)).toEqual(['Work laptop', 'Chrome on Linux']);
    expect((await listOf(ctx, person))[0]).toMatchObject({ createdAt: addedAt, lastUsedAt: null });

    const renamed = await injectAs(ctx, person, { method: 'PUT', url: `/api/user/passkeys/${phone._id}`, payload: { name: '  Phone ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: phone._id, name: 'Phone' });

    const removed = await injectAs(ctx, person, { method: 'DELETE', url: `/api/user/passkeys/${laptop._id}` });
    expect(removed.statusCode).toBe(200);
    expect((await listOf(ctx, person)).map((passkey) => passkey.name)).toEqual(['Phone']);
  });

  it('asks for a discoverable passkey and excludes the ones the person already has', async () => {
    const { ctx, person, authenticator } = await setUp();
    const first = await registrationOptions(ctx, person);
    expect(first).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(first.excludeCredentials).toEqual([]);
    await register(ctx, person, authenticator);
    const second = await registrationOptions(ctx, person);
    expect(second.excludeCredentials?.map((credential) => credential.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
    // The same authenticator refuses to make a second one, as browsers do.
    expect(() => authenticator.create(second)).toThrow(/InvalidStateError/);
  });

  it('signs in with a passkey alone, with the same session cookie as signing in with a password', async () => {
    const { ctx, person, authenticator } = await setUp();
    const passkey = await register(ctx, person, authenticator);
    const { options, cookie } = await signInOptions(ctx);
    expect(options.allowCredentials).toEqual([]);
    expect(options.rpId).toBe('localhost');

    ctx.clock.advance(60_000);
    const response = await signIn(ctx, cookie, authenticator.get(options));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: person._id, email: person.email });
    const session = sessionCookieOf(response.headers['set-cookie']);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: session } });
    expect((me.json() as SessionUser)._id).toBe(person._id);
    expect((await listOf(ctx, person)).find((one) => one._id === passkey._id)?.lastUsedAt).toBe(ctx.clock.now().toISOString());
  });

  it('refuses a replayed assertion: its challenge is spent', async () => {
    const { ctx, person, authenticator } = await setUp();
    await register(ctx, person, authenticator);
    const { options, cookie } = await signInOptions(ctx);
    const assertion = authenticator.get(options);
    expect((await signIn(ctx, cookie, assertion)).statusCode).toBe(200);
    const replay = await signIn(ctx, cookie, assertion);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: expect.stringMatching(/expired or was already used/) });
  });

  it('refuses an assertion whose counter does not increase (a cloned authenticator)', async () => {
    const { ctx, person, authenticator } = await setUp();
    await register(ctx, person, authenticator);
    const first = await signInOptions(ctx);
    expect((await signIn(ctx, first.cookie, authenticator.get(first.options))).statusCode).toBe(200);

    // A copy of the key still at the counter of the last use signs a fresh challenge.
    authenticator.credentials[0]!.counter -= 1;
    const second = await signInOptions(ctx);
    const refused = await signIn(ctx, second.cookie, authenticator.get(second.options));
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']?.toString()).not.toMatch(/sid=[^;]/);

    // The real one, ahead of it, still signs in.
    authenticator.credentials[0]!.counter += 5;
    const third = await signInOptions(ctx);
    expect((await signIn(ctx, third.cookie, authenticator.get(third.options))).statusCode).toBe(200);
  });

  it('signs in again and again with an authenticator that keeps no counter', async () => {
    const { ctx, person } = await setUp();
    const synced = new SoftAuthenticator({ origin: ORIGIN, counterStep: 0 });
    await register(ctx, person, synced);
    for (let round = 0; round < 2; round += 1) {
      const { options, cookie } = await signInOptions(ctx);
      expect((await signIn(ctx, cookie, synced.get(options))).statusCode).toBe(200);
    }
  });

  it('uses a registration challenge once, and only for the person it was given to', async () => {
    const { ctx, person, authenticator } = await setUp();
    const other = await createUser(ctx);
    const credential = authenticator.create(await registrationOptions(ctx, person));
    const byOther = await injectAs(ctx, other, {
      method: 'POST',
      url: '/api/user/passkeys/registration/verify',
      payload: { response: credential },
    });
    expect(byOther.statusCode).toBe(400);
    const url = '/api/user/passkeys/registration/verify';
    expect((await injectAs(ctx, person, { method: 'POST', url, payload: { response: credential } })).statusCode).toBe(201);
    const again = await injectAs(ctx, person, { method: 'POST', url, payload: { response: credential } });
    expect(again.statusCode).toBe(400);
    expect(await listOf(ctx, person)).toHaveLength(1);
    expect(await listOf(ctx, other)).toHaveLength(0);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const { ctx, person, authenticator } = await setUp();
    await register(ctx, person, authenticator);
    const { options, cookie } = await signInOptions(ctx);
    ctx.clock.advance(5 * 60_000 + 1);
    expect((await signIn(ctx, cookie, authenticator.get(options))).statusCode).toBe(400);
  });

  it("refuses a sign-in from a browser without the challenge's cookie", async () => {
    const { ctx, person, authenticator } = await setUp();
    await register(ctx, person, authenticator);
    const { options } = await signInOptions(ctx);
    const other = await signInOptions(ctx);
    expect((await signIn(ctx, '', authenticator.get(options))).statusCode).toBe(400);
    // Another browser's cookie names another challenge.
    expect((await signIn(ctx, other.cookie, authenticator.get(options))).statusCode).toBe(400);
  });

  it('refuses a passkey made for another site', async () => {
    const { ctx, person } = await setUp();
    const phishing = new SoftAuthenticator({ origin: 'http://localhost.evil.example' });
    const response = await injectAs(ctx, person, {
      method: 'POST',
      url: '/api/user/passkeys/registration/verify',
      payload: { response: phishing.create(await registrationOptions(ctx, person)) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The passkey could not be verified' });
  });

  it('refuses a removed passkey and an unknown one', async () => {
    const { ctx, person, authenticator } = await setUp();
    const passkey = await register(ctx, person, authenticator);
    await injectAs(ctx, person, { method: 'DELETE', url: `/api/user/passkeys/${passkey._id}` });
    const { options, cookie } = await signInOptions(ctx);
    expect((await signIn(ctx, cookie, authenticator.get(options))).statusCode).toBe(401);
  });

  it("answers 404 for another person's passkey, and changes nothing", async () => {
    const { ctx, person, authenticator } = await setUp();
    const other = await createUser(ctx);
    const passkey = await register(ctx, person, authenticator, 'Mine');
    const rename = await injectAs(ctx, other, { method: 'PUT', url: `/api/user/passkeys/${passkey._id}`, payload: { name: 'Theirs' } });
    expect(rename.statusCode).toBe(404);
    expect((await injectAs(ctx, other, { method: 'DELETE', url: `/api/user/passkeys/${passkey._id}` })).statusCode).toBe(404);
    expect((await listOf(ctx, person)).map((one) => one.name)).toEqual(['Mine']);
    expect(await listOf(ctx, other)).toEqual([]);
  });

  it('keeps the passkey calls for signed-in people, except signing in', async () => {
    const { ctx } = await setUp();
    for (const [method, url] of [
      ['GET', '/api/user/passkeys'],
      ['POST', '/api/user/passkeys/registration/options'],
      ['DELETE', '/api/user/passkeys/0123456789abcdef01234567'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('refuses a name of invisible characters and fields the call does not know', async () => {
    const { ctx, person, authenticator } = await setUp();
    const passkey = await register(ctx, person, authenticator);
    const url = `/api/user/passkeys/${passkey._id}`;
    expect((await injectAs(ctx, person, { method: 'PUT', url, payload: { name: '\u200b' } })).statusCode).toBe(400);
    expect((await injectAs(ctx, person, { method: 'PUT', url, payload: { name: 'Ok', userId: 'x' } })).statusCode).toBe(400);
  });

  it('rate limits signing in with a passkey like signing in with a password', async () => {
    const ctx = await buildTestApp({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const url = '/api/user/passkeys/authentication/options';
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push((await ctx.app.inject({ method: 'POST', url })).statusCode);
    expect(answers).toEqual([200, 200, 429]);
  });

  it('takes the relying party from the page when PUBLIC_URL is not set (development)', async () => {
    const ctx = await buildTestApp();
    const person = await createUser(ctx);
    const authenticator = new SoftAuthenticator({ origin: 'http://localhost:5173' });
    const headers = { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' };
    const options = await injectAs(ctx, person, { method: 'POST', url: '/api/user/passkeys/registration/options', headers });
    expect((options.json() as PasskeyCreationOptions).rp.id).toBe('localhost');
    const verified = await injectAs(ctx, person, {
      method: 'POST',
      url: '/api/user/passkeys/registration/verify',
      headers,
      payload: { response: authenticator.create(options.json() as PasskeyCreationOptions) },
    });
    expect(verified.statusCode).toBe(201);
  });
});

/** The step-up's half of a passkey ceremony, from a signed-in browser: options, then the assertion. */
async function stepUpWithPasskey(ctx: TestContext, user: TestUser, authenticator: SoftAuthenticator) {
  const optionsResponse = await injectAs(ctx, user, { method: 'POST', url: '/api/user/passkeys/authentication/options' });
  const challenge = [optionsResponse.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('passkey_challenge='))!;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/passkeys/authentication/step-up',
    headers: { cookie: `${user.cookie}; ${challenge.split(';')[0]!}` },
    payload: { response: authenticator.get(optionsResponse.json() as PasskeyRequestOptions) },
  });
}

const createToken = (ctx: TestContext, user: TestUser) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/licence/tokens', payload: { name: 'Build server', scopes: ['licences:read'] } });

describe('a passkey as a second factor (docs/decisions/0016, 0017)', () => {
  it('makes a password sign-in wait for the second factor, which the passkey then gives', async () => {
    const { ctx, person, authenticator } = await setUp();
    await register(ctx, person, authenticator);

    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: person.email, password: person.password },
    });
    expect(password.json()).toEqual({ secondFactorRequired: true, methods: ['passkey'] });
    expect([password.headers['set-cookie'] ?? []].flat().some((cookie) => cookie.startsWith('sid='))).toBe(false);

    const { options, cookie } = await signInOptions(ctx);
    const finished = await signIn(ctx, cookie, authenticator.get(options));
    expect(finished.statusCode).toBe(200);
    const signedIn = { ...person, cookie: sessionCookieOf(finished.headers['set-cookie']) };
    // Both factors at once: the new session may make the calls that ask for a fresh one.
    expect((await createToken(ctx, signedIn)).statusCode).toBe(201);
  });

  it('steps a session up with one of the person’s own passkeys, and not with the password any more', async () => {
    const { ctx, authenticator } = await setUp();
    const person = await createUser(ctx, { steppedUp: false });
    await register(ctx, person, authenticator);

    expect((await createToken(ctx, person)).json()).toMatchObject({ code: 'step_up_required' });
    const byPassword = await injectAs(ctx, person, {
      method: 'POST',
      url: '/api/user/2fa/step-up',
      payload: { password: person.password },
    });
    expect(byPassword.statusCode).toBe(400);

    expect((await stepUpWithPasskey(ctx, person, authenticator)).statusCode).toBe(200);
    expect((await createToken(ctx, person)).statusCode).toBe(201);
  });

  it('refuses a step-up with someone else’s passkey', async () => {
    const { ctx, person, authenticator } = await setUp();
    await register(ctx, person, authenticator);
    const other = await createUser(ctx, { steppedUp: false });
    const refused = await stepUpWithPasskey(ctx, other, authenticator);
    expect(refused.statusCode).toBe(401);
    expect((await createToken(ctx, other)).json()).toMatchObject({ code: 'step_up_required' });
  });
});
