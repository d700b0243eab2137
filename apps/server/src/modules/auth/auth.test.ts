import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  buildTwoTestApps,
  createUser,
  injectAs,
  sessionCookieOf,
  type TestContext,
  uniqueChannelPrefix,
} from '../../test/helper.js';

const newAccount = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  number: '+44 20 7946 0000',
  password: 'analytical-engine',
  confirmPassword: 'analytical-engine',
  role: 'User',
  ...overrides,
});

describe('POST /api/user/addUser', () => {
  it('creates a User, starts a session and never returns the password', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount() });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.any(String),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      number: '+44 20 7946 0000',
      role: 'User',
    });
    expect(response.body).not.toContain('analytical-engine');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const stored = await ctx.db.selectFrom('users').selectAll().where('id', '=', body._id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('analytical-engine');
  });

  it("makes a sign-up that claims role 'Admin' a plain User", async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount({ role: 'Admin' }) });

    expect(response.statusCode).toBe(201);
    expect(response.json().role).toBe('User');
    const users = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/getUsers',
      headers: { cookie: sessionCookieOf(response.headers['set-cookie']) },
    });
    expect(users.statusCode).toBe(403);
  });

  it('refuses an email that is already registered, whatever its letter case', async () => {
    const ctx = await buildTestApp();
    await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount() });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount({ email: 'ADA@Example.com' }) });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'An account with this email already exists' });
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['an empty name', { name: '   ' }, 'Name is required'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['a malformed email', { email: 'ada-at-example' }, 'Invalid email address'],
    ['a missing number', { number: undefined }, 'Phone number is required'],
    ['letters as a number', { number: 'call me' }, 'Enter a valid phone number'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['a confirmation that differs', { confirmPassword: 'something-else' }, 'Passwords do not match'],
  ])('answers 400 with a message for %s', async (_case, change, message) => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount(change) });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  // The l33t matcher's substitutions are capped (passwordStrength.ts): the common spellings are still caught.
  it.each([
    ['password', /^This password is too easy to guess: this is a (heavily|commonly) used password\. Add more words/],
    ['12345678', /^This password is too easy to guess: this is a (heavily|commonly) used password\. Add more words/],
    ['password1', /^This password is too easy to guess: this is a (heavily|commonly) used password\. Add more words/],
    ['p4ssw0rd1', /^This password is too easy to guess: this is similar to a commonly used password\..*predictable letter substitutions/],
    ['P@$$w0rd!', /^This password is too easy to guess: this is similar to a commonly used password\..*predictable letter substitutions/],
  ])('refuses the common password %s with 400 and says why', async (password, reason) => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/addUser',
      payload: newAccount({ password, confirmPassword: password }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(reason);
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it("refuses a password made of the user's own name or email", async () => {
    const ctx = await buildTestApp();
    const password = 'adalovelace1';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/addUser',
      payload: newAccount({ password, confirmPassword: password }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^This password is too easy to guess: there should not be any personal or page related data/);
  });

  it('accepts a strong password and any password of 64 characters or more', async () => {
    const ctx = await buildTestApp();
    const strong = await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount() });
    const long = 'a'.repeat(70);
    const longOne = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/addUser',
      payload: newAccount({ email: 'long@example.com', password: long, confirmPassword: long }),
    });
    expect(strong.statusCode).toBe(201);
    expect(longOne.statusCode).toBe(201);
  });

  it('rejects fields it does not know', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/addUser', payload: newAccount({ isAdmin: true }) });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('isAdmin');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/addUser',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not valid JSON/);
  });
});

/** The signed-in hint cookie among the Set-Cookie headers. */
const hintOf = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((value) => value.startsWith('signed_in='));

describe('POST /api/user/signIn', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx, { email: 'grace@example.com' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: 'Grace@Example.com', password: user.password },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: user._id, name: user.name, email: 'grace@example.com', number: '+1 555 0100', role: 'User' });
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=.+HttpOnly/);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: user.email, password: 'not-the-password' },
    });
    const unknownEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: 'nobody@example.com', password: 'whatever1' },
    });

    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual({ message: 'Invalid email or password' });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 when a field is missing', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email: 'ada@example.com' } });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is required');
  });

  it('slows down guessing: past the per-minute limit it answers 429', async () => {
    const ctx = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email: 'ada@example.com', password: 'guess-guess' } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);

    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt()).json().message).toMatch(/Too many attempts/);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('counts attempts across instances when they share one Redis', async () => {
    const [a, b] = await buildTwoTestApps({
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: process.env.TEST_REDIS_URL!,
      EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix(),
    });
    const statuses = [];
    for (const instance of [a, b, a, b]) statuses.push((await wrongSignIn(instance)).statusCode);

    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

function wrongSignIn(ctx: TestContext) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email: 'ada@example.com', password: 'guess-guess' } });
}

describe('the session', () => {
  it('tells the current user from the cookie, and a visitor gets 401', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);

    const signedIn = await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' });
    const visitor = await injectAs(ctx, null, { method: 'GET', url: '/api/user/currentUser' });

    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()._id).toBe(user._id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Not signed in' });
  });

  it('ends on sign-out: the old cookie no longer works', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);

    const signOut = await injectAs(ctx, user, { method: 'POST', url: '/api/user/signOut' });
    const afterwards = await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' });

    expect(signOut.statusCode).toBe(200);
    expect(String(signOut.headers['set-cookie'])).toMatch(/sid=;/);
    expect(afterwards.statusCode).toBe(401);
  });

  it('sets a readable signed-in hint beside the session, and clears it on sign-out and on a 401 from currentUser', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: user.email, password: user.password },
    });

    expect(hintOf(signIn.headers['set-cookie'])).toMatch(/^signed_in=1;/);
    expect(hintOf(signIn.headers['set-cookie'])).not.toMatch(/HttpOnly/);
    const signOut = await injectAs(ctx, user, { method: 'POST', url: '/api/user/signOut' });
    expect(hintOf(signOut.headers['set-cookie'])).toMatch(/^signed_in=;/);
    const stale = await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: `${user.cookie}; signed_in=1` } });
    expect(stale.statusCode).toBe(401);
    expect(hintOf(stale.headers['set-cookie'])).toMatch(/^signed_in=;/);
  });

  it('expires after the configured number of days', async () => {
    const ctx = await buildTestApp({ SESSION_TTL_DAYS: '2' });
    const user = await createUser(ctx);

    ctx.clock.advance(2 * 24 * 60 * 60 * 1000 - 1000);
    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(200);
    ctx.clock.advance(2000);
    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(401);
  });

  it('ignores a forged cookie', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: 'sid=forged-token' } });

    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user/getUsers', () => {
  it('lists every user for an admin, without any password or hash', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const user = await createUser(ctx);

    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/getUsers' });

    expect(response.statusCode).toBe(200);
    const ids = response.json().map((row: { _id: string }) => row._id);
    expect(ids).toEqual(expect.arrayContaining([admin._id, user._id]));
    expect(response.body).not.toMatch(/password|scrypt|hash/i);
  });

  it('refuses a User with 403 and a visitor with 401', async () => {
    const ctx = await buildTestApp();
    const user = await createUser(ctx);

    const asUser = await injectAs(ctx, user, { method: 'GET', url: '/api/user/getUsers' });
    const asVisitor = await injectAs(ctx, null, { method: 'GET', url: '/api/user/getUsers' });

    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().message).toBe('Only an admin can do this');
    expect(asVisitor.statusCode).toBe(401);
  });
});

describe('the configured admin', () => {
  it('can sign in, and its password follows the configuration on the next start', async () => {
    const ctx = await buildTestApp();
    await ctx.services.auth.ensureAdmin({ email: 'boss@example.com', password: 'first-password', name: 'Boss' });
    await ctx.services.auth.ensureAdmin({ email: 'boss@example.com', password: 'second-password', name: 'Boss' });

    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: 'boss@example.com', password: 'first-password' },
    });
    const newPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: 'boss@example.com', password: 'second-password' },
    });

    expect(oldPassword.statusCode).toBe(401);
    expect(newPassword.statusCode).toBe(200);
    expect(newPassword.json().role).toBe('Admin');
  });
});
