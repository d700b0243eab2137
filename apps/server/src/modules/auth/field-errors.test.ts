import { INVISIBLE_CHARACTERS_MESSAGE } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../test/helper.js';

const signUp = (ctx: Awaited<ReturnType<typeof buildTestApp>>, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/addUser',
    payload: {
      name: 'Riley Field',
      email: 'riley@example.com',
      number: '+1 555 0199',
      password: 'violet-harbour-engine-42',
      confirmPassword: 'violet-harbour-engine-42',
      role: 'User',
      ...fields,
    },
  });

describe('sign-up errors name the field they concern', () => {
  it('names password for a password that is too easy to guess', async () => {
    const ctx = await buildTestApp();
    const response = await signUp(ctx, { password: 'password1', confirmPassword: 'password1' });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'password', message: response.json().message }]);
  });

  it('names email for an email that already has an account', async () => {
    const ctx = await buildTestApp();
    const existing = await createUser(ctx);
    const response = await signUp(ctx, { email: existing.email });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'An account with this email already exists',
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
    });
  });

  it('names name for control, direction or invisible-only characters in it', async () => {
    const ctx = await buildTestApp();
    const answers = await Promise.all(
      ['Riley\u0007', '\u001b[2JRiley', 'Riley\u202Egnp', '\u3164'].map((name, index) =>
        signUp(ctx, { name, email: `riley${index}@example.com` }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers.map((answer) => answer.json().errors)).toEqual([
      [{ field: 'name', message: INVISIBLE_CHARACTERS_MESSAGE }],
      [{ field: 'name', message: INVISIBLE_CHARACTERS_MESSAGE }],
      [{ field: 'name', message: INVISIBLE_CHARACTERS_MESSAGE }],
      [{ field: 'name', message: 'Name is required' }],
    ]);
  });

  it('names email for a malformed one', async () => {
    const ctx = await buildTestApp();
    const response = await signUp(ctx, { email: 'not-an-email' });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'email' });
  });
});
