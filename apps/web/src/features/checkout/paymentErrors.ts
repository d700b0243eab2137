import type { CardField } from '@market/contracts';

/** The card form pointed at one wrong field (number, expiry or CVC). */
export class CardFieldProblem extends Error {
  readonly field: CardField;

  constructor(field: CardField, message: string) {
    super(message);
    this.name = 'CardFieldProblem';
    this.field = field;
  }
}

/** The provider refused the card; its message is shown to the buyer. */
export class CardRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardRefused';
  }
}

export const PAYMENT_FAILED_PREFIX = 'Payment failed: ';
export const PAYMENT_FAILED_RETRY = 'Payment failed, please try again.';

/** SPEC.md 8: the provider's message when the card fails, a plain retry message otherwise. */
export function paymentFailureMessage(error: unknown): string {
  if (error instanceof CardRefused) return PAYMENT_FAILED_PREFIX + error.message;
  return PAYMENT_FAILED_RETRY;
}
