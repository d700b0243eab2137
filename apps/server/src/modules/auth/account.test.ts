import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, sessionCookieOf, type TestContext, type TestUser } from '../../test/helper.js';

const codeAt = (ctx: TestContext, secret: string) => generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });

const changeEmail = (ctx: TestContext, user: TestUser, email: string) =>
  injectAs(ctx, user, { method: 'PUT', url: '/api/user/email', payload: { email } });

const changePassword = (ctx: TestContext, user: TestUser, password: string) =>
  injectAs(ctx, user, { method: 'PUT', url: '/api/user/password', payload: { password, confirmPassword: password } });

const mailsTo = async (ctx: TestContext, address: string) =>
  (await ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', address).execute()).map((row) => row.subject);

const signIn = (ctx: TestContext, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email, password } });

describe('changing the account’s email and password (docs/decisions/0016)', () => {
  it('asks for a fresh code before an email change, then signs in with the new address and tells both', async () => {
    const ctx = await buildTestApp();
    const person = await createUser(ctx, { steppedUp: false });
    const started = await injectAs(ctx, person, { method: 'POST', url: '/api/user/2fa/totp' });
    const { secret } = started.json() as { secret: string };
    expect(
      (await injectAs(ctx, person, { method: 'PUT', url: '/api/user/2fa/totp', payload: { code: await codeAt(ctx, secret) } })).statusCode,
    ).toBe(200);
    // Enrolling stepped the session up; eleven minutes later that has run out.
    ctx.clock.advance(11 * 60_000);

    const refused = await changeEmail(ctx, person, 'new.address@example.com');
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'step_up_required' });
    const stepped = await injectAs(ctx, person, {
      method: 'POST',
      url: '/api/user/2fa/step-up',
      payload: { code: await codeAt(ctx, secret) },
    });
    expect(stepped.statusCode).toBe(200);

    const changed = await changeEmail(ctx, person, 'New.Address@example.com');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ _id: person._id, email: 'New.Address@example.com' });
    expect((await signIn(ctx, person.email, person.password)).statusCode).toBe(401);
    expect((await signIn(ctx, 'new.address@example.com', person.password)).json()).toMatchObject({ secondFactorRequired: true });
    expect(await mailsTo(ctx, person.email)).toContain('The email of your account was changed');
    expect(await mailsTo(ctx, 'New.Address@example.com')).toContain('The email of your account was changed');
  });

  it('refuses an email another account has, and one that is not an email', async () => {
    const ctx = await buildTestApp();
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    const taken = await changeEmail(ctx, person, other.email.toUpperCase());
    expect({ status: taken.statusCode, body: taken.json() }).toMatchObject({ status: 409, body: { errors: [{ field: 'email' }] } });
    expect((await changeEmail(ctx, person, 'not an email')).statusCode).toBe(400);
  });

  it('sets a new password after a step-up and signs every other browser out, keeping this one', async () => {
    const ctx = await buildTestApp();
    const person = await createUser(ctx, { steppedUp: false });
    const elsewhere = sessionCookieOf((await signIn(ctx, person.email, person.password)).headers['set-cookie']);

    expect((await changePassword(ctx, person, 'a-new-long-passphrase-91')).json()).toMatchObject({ code: 'step_up_required' });
    expect(
      (await injectAs(ctx, person, { method: 'POST', url: '/api/user/2fa/step-up', payload: { password: person.password } })).statusCode,
    ).toBe(200);
    expect((await changePassword(ctx, person, 'password')).statusCode).toBe(400);
    const changed = await changePassword(ctx, person, 'a-new-long-passphrase-91');
    expect(changed.statusCode).toBe(200);

    expect((await injectAs(ctx, person, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect((await signIn(ctx, person.email, person.password)).statusCode).toBe(401);
    expect((await signIn(ctx, person.email, 'a-new-long-passphrase-91')).statusCode).toBe(200);
    expect(await mailsTo(ctx, person.email)).toContain('Your password was changed');
  });
});
