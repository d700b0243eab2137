import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, sessionCookieOf, type TestContext, type TestUser } from '../../test/helper.js';

/** The code an authenticator app shows now, by the test's clock. */
const codeAt = (ctx: TestContext, secret: string) => generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });

/** Turns TOTP on for the user through the Security page's calls; answers the secret and the recovery codes. */
async function enrolTotp(ctx: TestContext, user: TestUser) {
  const started = await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/totp' });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await injectAs(ctx, user, { method: 'PUT', url: '/api/user/2fa/totp', payload: { code: await codeAt(ctx, secret) } });
  expect(confirmed.statusCode).toBe(200);
  // The next code the test uses must be another time step's.
  ctx.clock.advance(30_000);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

const signIn = (ctx: TestContext, user: TestUser, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email: user.email, password: user.password }, headers });

const pendingCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((value) => value.startsWith('sid_pending='))!
    .split(';')[0]!;

const verify = (ctx: TestContext, pendingCookie: string, payload: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/2fa/verify', payload, headers: { cookie: pendingCookie } });

describe('TOTP enrolment', () => {
  it('answers a pending secret with its otpauth URI and a QR code drawn as SVG, then ten recovery codes for the first code', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);

    const started = await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/totp' });
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const unconfirmed = await injectAs(ctx, user, { method: 'GET', url: '/api/user/2fa' });
    expect(unconfirmed.json()).toMatchObject({ totp: false, methods: [] });

    const wrong = await injectAs(ctx, user, { method: 'PUT', url: '/api/user/2fa/totp', payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await injectAs(ctx, user, { method: 'PUT', url: '/api/user/2fa/totp', payload: { code: await codeAt(ctx, secret) } });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await injectAs(ctx, user, { method: 'GET', url: '/api/user/2fa' });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, methods: ['totp', 'recovery'], enrolmentRequired: false });
    const stored = await ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    const mails = await ctx.db.selectFrom('mail_outbox').select(['to_address', 'subject']).execute();
    expect(mails).toContainEqual({ to_address: user.email, subject: 'Two-factor sign-in is on' });
  });
});

describe('signing in with a second factor', () => {
  it('answers secondFactorRequired without a session, and a code from the shared secret starts one', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);

    const first = await signIn(ctx, user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    const cookies = String(first.headers['set-cookie']);
    expect(cookies).not.toMatch(/(^|,\s*)sid=/);
    expect(cookies).toMatch(/sid_pending=.*HttpOnly/);

    const verified = await verify(ctx, pendingCookieOf(first.headers['set-cookie']), { code: await codeAt(ctx, secret) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ _id: user._id, email: user.email });
    const cookie = sessionCookieOf(verified.headers['set-cookie']);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie } });
    expect(me.json()).toMatchObject({ _id: user._id });
  });

  it('refuses the same code a second time, and takes the next time step’s', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);
    const code = await codeAt(ctx, secret);

    const first = await signIn(ctx, user);
    expect((await verify(ctx, pendingCookieOf(first.headers['set-cookie']), { code })).statusCode).toBe(200);
    const second = await signIn(ctx, user);
    const replayed = await verify(ctx, pendingCookieOf(second.headers['set-cookie']), { code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ errors: [{ field: 'code' }] });

    ctx.clock.advance(30_000);
    const next = await verify(ctx, pendingCookieOf(second.headers['set-cookie']), { code: await codeAt(ctx, secret) });
    expect(next.statusCode).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { recoveryCodes } = await enrolTotp(ctx, user);

    const first = await signIn(ctx, user);
    const used = await verify(ctx, pendingCookieOf(first.headers['set-cookie']), { recoveryCode: recoveryCodes[3]!.toUpperCase() });
    expect(used.statusCode).toBe(200);

    const second = await signIn(ctx, user);
    const again = await verify(ctx, pendingCookieOf(second.headers['set-cookie']), { recoveryCode: recoveryCodes[3]! });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: [{ field: 'recoveryCode' }] });
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/2fa',
      headers: { cookie: sessionCookieOf(used.headers['set-cookie']) },
    });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('ends the pending sign-in at the sixth wrong code with 429, so even the right code then needs a new sign-in', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);
    const pending = pendingCookieOf((await signIn(ctx, user)).headers['set-cookie']);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await verify(ctx, pending, { code: '000000' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    const late = await verify(ctx, pending, { code: await codeAt(ctx, secret) });
    expect(late.statusCode).toBe(401);
  });

  it('lets a pending sign-in expire after five minutes', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);
    const pending = pendingCookieOf((await signIn(ctx, user)).headers['set-cookie']);

    ctx.clock.advance(5 * 60_000 + 1);
    expect((await verify(ctx, pending, { code: await codeAt(ctx, secret) })).statusCode).toBe(401);
  });

  it('finishes a pending sign-in through AuthService.completePendingSignIn for its own user only', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await enrolTotp(ctx, user);
    const pendingToken = pendingCookieOf((await signIn(ctx, user)).headers['set-cookie']).split('=')[1]!;

    await expect(ctx.services.auth.completePendingSignIn(pendingToken, other._id)).rejects.toMatchObject({ statusCode: 401 });
    const session = await ctx.services.auth.completePendingSignIn(pendingToken, user._id);
    expect(session.user._id).toBe(user._id);
    await expect(ctx.services.auth.completePendingSignIn(pendingToken, user._id)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('mails the account when it signs in from a browser and address it never used', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const subjects = async () =>
      (await ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', user.email).execute()).map((row) => row.subject);

    await signIn(ctx, user);
    expect(await subjects()).not.toContain('A new sign-in to your account');
    await signIn(ctx, user, { 'user-agent': 'Firefox on a stranger’s laptop' });
    expect(await subjects()).toContain('A new sign-in to your account');
  });
});

const createToken = (ctx: TestContext, user: TestUser, scopes = ['licences:read']) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/licence/tokens', payload: { name: 'Build server', scopes } });

describe('step-up', () => {
  it('refuses token creation with 403 step_up_required until the password is confirmed, for ten minutes', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx, { steppedUp: false });

    const refused = await createToken(ctx, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required' });

    const wrong = await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/step-up', payload: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    const stepped = await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/step-up', payload: { password: user.password } });
    expect(stepped.statusCode).toBe(200);
    expect((await createToken(ctx, user)).statusCode).toBe(201);

    ctx.clock.advance(10 * 60_000 + 1);
    expect((await createToken(ctx, user)).json()).toMatchObject({ code: 'step_up_required' });
  });

  it('asks an account with TOTP for a fresh code, not its password, before a withdrawal', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);
    ctx.clock.advance(11 * 60_000);
    const withdraw = () =>
      injectAs(ctx, user, { method: 'POST', url: '/api/withdraw/withdrawDetil', payload: { email: user.email, withdrawAmount: 10 } });

    const refused = await withdraw();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    const byPassword = await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/step-up', payload: { password: user.password } });
    expect(byPassword.statusCode).toBe(400);

    const byCode = await injectAs(ctx, user, {
      method: 'POST',
      url: '/api/user/2fa/step-up',
      payload: { code: await codeAt(ctx, secret) },
    });
    expect(byCode.statusCode).toBe(200);
    // Past the step-up: the withdrawal itself answers (this account has earned nothing).
    const passed = await withdraw();
    expect(passed.statusCode).toBe(400);
    expect(passed.json()).not.toHaveProperty('code');
  });

  it("asks a browser's session, not an API token, to step up before making a webhook endpoint", async () => {
    const ctx = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const user = await createUser(ctx);
    const { token } = (await createToken(ctx, user, ['webhooks:write'])).json() as { token: string };
    ctx.clock.advance(11 * 60_000);
    const payload = { url: 'http://127.0.0.1:9/hooks', events: ['order.paid'] };

    const bySession = await injectAs(ctx, user, { method: 'POST', url: '/api/webhooks/endpoints', payload });
    expect(bySession.json()).toMatchObject({ code: 'step_up_required' });
    const byToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/endpoints',
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.statusCode).toBe(201);
  });

  it("refuses an admin's product deletion until the admin steps up", async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin', steppedUp: false });

    const refused = await injectAs(ctx, admin, { method: 'DELETE', url: '/api/product/delProduct/abcdefgh12345678' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    await injectAs(ctx, admin, { method: 'POST', url: '/api/user/2fa/step-up', payload: { password: admin.password } });
    expect((await injectAs(ctx, admin, { method: 'DELETE', url: '/api/product/delProduct/abcdefgh12345678' })).statusCode).toBe(404);
  });

  it('counts a fresh sign-in with the second factor as stepped up', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);
    const verified = await verify(ctx, pendingCookieOf((await signIn(ctx, user)).headers['set-cookie']), {
      code: await codeAt(ctx, secret),
    });

    const fresh = { ...user, cookie: sessionCookieOf(verified.headers['set-cookie']) };
    expect((await createToken(ctx, fresh)).statusCode).toBe(201);
  });

  it('guards turning TOTP off, then signing in asks for the password alone again', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const { secret } = await enrolTotp(ctx, user);
    ctx.clock.advance(11 * 60_000);

    expect((await injectAs(ctx, user, { method: 'DELETE', url: '/api/user/2fa/totp' })).json()).toMatchObject({ code: 'step_up_required' });
    await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/step-up', payload: { code: await codeAt(ctx, secret) } });
    expect((await injectAs(ctx, user, { method: 'DELETE', url: '/api/user/2fa/totp' })).statusCode).toBe(200);
    expect((await signIn(ctx, user)).json()).toMatchObject({ _id: user._id });
  });
});

describe('sessions', () => {
  it('lists the live sessions with their device and marks the current one; signs out one, then all others', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const laptop = sessionCookieOf((await signIn(ctx, user, { 'user-agent': 'Laptop browser' })).headers['set-cookie']);
    const phone = sessionCookieOf((await signIn(ctx, user, { 'user-agent': 'Phone browser' })).headers['set-cookie']);

    const listed = await injectAs(ctx, user, { method: 'GET', url: '/api/user/sessions' });
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as { sessions: { id: string; userAgent: string | null; ipAddress: string; current: boolean }[] };
    // Sign-up's own session (made through the services, no device), the test's sign-in, the laptop and the phone.
    expect(sessions).toHaveLength(4);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.filter((session) => session.ipAddress === '127.0.0.1')).toHaveLength(3);
    const phoneSession = sessions.find((session) => session.userAgent === 'Phone browser')!;
    expect(listed.body).not.toMatch(/token/i);

    expect((await injectAs(ctx, user, { method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}` })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: laptop } })).statusCode).toBe(200);

    const others = await injectAs(ctx, user, { method: 'DELETE', url: '/api/user/sessions' });
    expect(others.json()).toEqual({ message: 'Signed out 2 other sessions' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: laptop } })).statusCode).toBe(401);
    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(200);
  });

  it('will not sign out another person’s session', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const [theirs] = (await injectAs(ctx, other, { method: 'GET', url: '/api/user/sessions' })).json().sessions;

    expect((await injectAs(ctx, user, { method: 'DELETE', url: `/api/user/sessions/${theirs.id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, other, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(200);
  });

  it('writes last seen at most once a minute', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const lastSeen = async () =>
      (
        await ctx.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user._id)
          .where('ip_address', 'is not', null)
          .execute()
      ).map((row) => row.last_seen_at);
    const before = await lastSeen();

    ctx.clock.advance(30_000);
    await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' });
    expect(await lastSeen()).toEqual(before);
    ctx.clock.advance(31_000);
    await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' });
    expect(await lastSeen()).toEqual([ctx.clock.now().toISOString()]);
  });
});

describe('ADMIN_REQUIRE_2FA', () => {
  it('gives an admin without a second factor a session that can only enrol, until they have', async () => {
    const ctx = await buildTestApp({ ADMIN_REQUIRE_2FA: 'true' });
    const admin = await createUser(ctx, { role: 'Admin', steppedUp: false });

    const users = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/getUsers' });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({ code: 'second_factor_enrolment_required' });
    expect((await injectAs(ctx, admin, { method: 'GET', url: '/api/user/2fa' })).json()).toMatchObject({ enrolmentRequired: true });

    await enrolTotp(ctx, admin);
    expect((await injectAs(ctx, admin, { method: 'GET', url: '/api/user/getUsers' })).statusCode).toBe(200);
  });

  it('leaves people who are not admins alone', async () => {
    const ctx = await buildTestApp({ ADMIN_REQUIRE_2FA: 'true' });
    const user = await createUser(ctx, { steppedUp: false });
    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/licence/tokens' })).statusCode).toBe(200);
  });
});
