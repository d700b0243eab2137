import { describe, expect, it } from 'vitest';
import { cardDigits, findCardFieldError, isCardExpired, passesLuhn } from '../index.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('simulated card checks', () => {
  it('accepts the test cards with spaces between the groups', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(findCardFieldError(goodCard, now)).toBeNull();
    expect(findCardFieldError({ ...goodCard, number: '4000 0000 0000 0002' }, now)).toBeNull();
  });

  it('refuses a number that fails the Luhn check or has too few digits', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(findCardFieldError({ ...goodCard, number: '4242 4242 4242 4241' }, now)?.field).toBe('number');
    expect(findCardFieldError({ ...goodCard, number: '4242' }, now)?.field).toBe('number');
  });

  it('keeps a card valid through the last day of its expiry month', () => {
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 27, now)).toBe(false);
    expect(findCardFieldError({ ...goodCard, expMonth: 10, expYear: 2026 }, now)?.field).toBe('expiry');
    expect(findCardFieldError({ ...goodCard, expMonth: 13 }, now)?.field).toBe('expiry');
  });

  it('wants a three or four digit security code', () => {
    expect(findCardFieldError({ ...goodCard, cvc: '12' }, now)?.field).toBe('cvc');
    expect(findCardFieldError({ ...goodCard, cvc: '1234' }, now)).toBeNull();
  });
});
