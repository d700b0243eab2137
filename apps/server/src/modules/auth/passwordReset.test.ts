import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, sessionCookieOf, type TestContext } from '../../test/helper.js';

const ANSWER = 'If an account exists for that email, we have sent a link to reset its password.';
const NEW_PASSWORD = 'velvet-harbour-compass-42';

const forgot = (ctx: TestContext, email: string) => ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email } });

const reset = (ctx: TestContext, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/resetPassword', payload: { token, password, confirmPassword } });

const signIn = (ctx: TestContext, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email, password } });

async function mailsTo(ctx: TestContext, email: string) {
  return ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
}

/** Asks for a reset and returns the token of the link the outbox stored. */
async function mailedToken(ctx: TestContext, email: string): Promise<string> {
  expect((await forgot(ctx, email)).statusCode).toBe(200);
  const mails = await mailsTo(ctx, email);
  const link = /http:\/\/localhost:\d+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '');
  if (!link) throw new Error(`No reset link in the mail: ${mails.at(-1)?.text_body}`);
  return link[1]!;
}

describe('POST /api/user/forgotPassword', () => {
  it('answers the same text and status for a known and an unknown email, and mails the link only to the account', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const known = await forgot(ctx, user.email.toUpperCase());
    const unknown = await forgot(ctx, 'nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ANSWER });
    expect(unknown.body).toBe(known.body);
    const [mail] = await mailsTo(ctx, user.email);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text_body).toMatch(/http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
    const [stranger] = await mailsTo(ctx, 'nobody@example.com');
    expect(stranger?.subject).toBe('Reset your password');
    expect(stranger?.text_body).toContain('no account uses it');
    expect(stranger?.text_body).not.toContain('reset-password');
  });

  it('does the same writes before answering a known and an unknown email: one mail each, stored with any token', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const count = async (table: 'mail_outbox' | 'password_resets') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const before = await count('mail_outbox');
    await forgot(ctx, 'nobody@example.com');
    const afterUnknown = await count('mail_outbox');
    await forgot(ctx, user.email);
    const afterKnown = await count('mail_outbox');

    // The mail is queued whichever address it is: the time to answer does not depend on the account.
    expect([afterUnknown - before, afterKnown - afterUnknown]).toEqual([1, 1]);
    expect(await count('password_resets')).toBe(1);
  });

  it('stores the token hashed with SHA-256, never as sent, expiring one hour later', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    const rows = await ctx.db.selectFrom('password_resets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(60 * 60 * 1000);
  });

  it('answers 400 for a malformed email', async () => {
    const ctx = await buildTestApp();
    const response = await forgot(ctx, 'not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid email address');
  });

  it('is rate limited like sign-in', async () => {
    const ctx = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await forgot(ctx, 'nobody@example.com')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('POST /api/user/resetPassword', () => {
  it('sets the new password, ends every session of the user and says so', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const otherDevice = sessionCookieOf((await signIn(ctx, user.email, user.password)).headers['set-cookie']);
    const token = await mailedToken(ctx, user.email);

    const response = await reset(ctx, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been changed. You have been signed out everywhere; log in with your new password.',
    });

    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(401);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: otherDevice } });
    expect(other.statusCode).toBe(401);
    expect((await signIn(ctx, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails the account that its password was changed', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    expect((await reset(ctx, await mailedToken(ctx, user.email))).statusCode).toBe(200);

    expect((await mailsTo(ctx, user.email)).map((mail) => mail.subject)).toEqual(['Reset your password', 'Your password was changed']);
  });

  it('works once: a second use of the same link answers 410 and changes nothing', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    expect((await reset(ctx, token)).statusCode).toBe(200);
    const again = await reset(ctx, token, 'another-strong-passphrase-7');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This reset link has expired or has already been used. Ask for a new one.');
    expect((await signIn(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with one link through', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    const answers = await Promise.all([reset(ctx, token, 'first-racing-passphrase-1'), reset(ctx, token, 'second-racing-passphrase-2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const winner = answers[0]!.statusCode === 200 ? 'first-racing-passphrase-1' : 'second-racing-passphrase-2';
    const loser = winner.startsWith('first') ? 'second-racing-passphrase-2' : 'first-racing-passphrase-1';
    expect((await signIn(ctx, user.email, winner)).statusCode).toBe(200);
    expect((await signIn(ctx, user.email, loser)).statusCode).toBe(401);
  });

  it('expires one hour after it was mailed, by the server clock', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    ctx.clock.advance(60 * 60 * 1000);
    const response = await reset(ctx, token);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe('This reset link has expired or has already been used. Ask for a new one.');
    expect((await signIn(ctx, user.email, user.password)).statusCode).toBe(200);
  });

  it('still works a moment before the hour is up', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    ctx.clock.advance(60 * 60 * 1000 - 1000);
    expect((await reset(ctx, token)).statusCode).toBe(200);
  });

  it('answers 410 for a token nobody was sent', async () => {
    const ctx = await buildTestApp();
    const response = await reset(ctx, 'made-up-token');
    expect(response.statusCode).toBe(410);
  });

  it('refuses a weak new password with the reason, and the link still works afterwards', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    const weak = await reset(ctx, token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^This password is too easy to guess: this is a commonly used password/);
    expect((await signIn(ctx, user.email, user.password)).statusCode).toBe(200);
    expect((await reset(ctx, token)).statusCode).toBe(200);
  });

  it('keeps the length and confirmation rules of sign-up', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const token = await mailedToken(ctx, user.email);
    expect((await reset(ctx, token, 'short')).json().message).toBe('Password must be at least 8 characters');
    const mismatch = await reset(ctx, token, NEW_PASSWORD, 'something-else');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');
  });
});
