/**
 * Card checks of the simulated payment provider (the same outcomes Stripe's test cards give),
 * shared so the checkout page can point at the wrong field before asking the server.
 */
export const SIMULATED_SUCCESS_CARD = '4242424242424242';
export const SIMULATED_DECLINED_CARD = '4000000000000002';
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

export type CardField = 'number' | 'expiry' | 'cvc';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardFieldError {
  field: CardField;
  message: string;
}

/** The digits of a card number as typed: spaces and hyphens between groups are allowed. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Two-digit years are this century's, as card faces print them. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = fullYear(expYear);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && expMonth < currentMonth);
}

/** The first wrong field of a card, or null when every field is well formed. */
export function findCardFieldError(card: CardDetails, now: Date): CardFieldError | null {
  const digits = cardDigits(card.number);
  if (!/^[0-9]{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { field: 'number', message: 'Your card number is invalid.' };
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear)) {
    return { field: 'expiry', message: "Your card's expiration date is invalid." };
  }
  if (isCardExpired(card.expMonth, card.expYear, now)) {
    return { field: 'expiry', message: "Your card's expiration date is in the past." };
  }
  if (!/^[0-9]{3,4}$/.test(card.cvc)) {
    return { field: 'cvc', message: "Your card's security code is invalid." };
  }
  return null;
}
