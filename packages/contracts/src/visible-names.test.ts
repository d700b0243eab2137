import { describe, expect, it } from 'vitest';
import {
  INVISIBLE_CHARACTERS_MESSAGE,
  productFormSchema,
  registerAppBodySchema,
  signUpBodySchema,
  withoutInvisibleCharacters,
} from './index.js';

const signUp = (name: string) =>
  signUpBodySchema.safeParse({
    name,
    email: 'a@example.com',
    number: '+1 555 0100',
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
  });
const nameMessages = (name: string) => {
  const parsed = signUp(name);
  return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === 'name').map((issue) => issue.message);
};

describe('display names (sign-up, studio, app names): one rule', () => {
  it.each([
    ['a bell', 'Mallory\u0007'],
    ['an escape sequence', '\u001b[31mRed'],
    ['a right-to-left override', 'Jamie\u202Egnp.exe'],
    ['a zero-width space', 'Ja\u200Bmie'],
    ['a line break', 'Good\nLICENSEE'],
  ])('refuses %s with the visible-characters message', (_, name) => {
    expect(nameMessages(name)).toEqual([INVISIBLE_CHARACTERS_MESSAGE]);
  });

  it.each([
    ['Hangul fillers', '\u3164\u3164'],
    ['a braille blank', '\u2800'],
    ['combining marks alone', '\u0301\u0308'],
    ['no-break spaces', '\u00A0\u3000'],
  ])('refuses a name of %s as empty', (_, name) => {
    expect(nameMessages(name)).toEqual(['Name is required']);
  });

  it.each(['Zoë Ångström', '山田 太郎', 'O’Brien & Co.', 'محمد'])('takes %s', (name) => {
    expect(signUp(name).success).toBe(true);
  });

  it('is the rule of studio and app names too', () => {
    const studio = productFormSchema.shape.authorName.safeParse('Pixel\u202EForge');
    const app = registerAppBodySchema.safeParse({ appName: '\u3164', bundleId: 'com.studio.game' });
    expect(studio.success ? null : studio.error.issues[0]!.message).toBe(INVISIBLE_CHARACTERS_MESSAGE);
    expect(app.success ? null : app.error.issues[0]!.message).toBe('Enter the app’s name');
  });
});

describe('withoutInvisibleCharacters', () => {
  it('drops control, format and direction characters, keeping line breaks when asked', () => {
    expect(withoutInvisibleCharacters('Ja\u0007mie\u202E\u200B\nBuyer')).toBe('JamieBuyer');
    expect(withoutInvisibleCharacters('Ja\u0007mie\u202E\nBuyer', { keepLineBreaks: true })).toBe('Jamie\nBuyer');
  });
});
