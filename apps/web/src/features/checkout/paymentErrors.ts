import type { CardField } from '@market/contracts';
import { isApiError } from '@/lib/api';

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

/**
 * docs/product-spec.md §8: the provider's message when the card fails; the server's own reason when it refused
 * the cart (a seller's own product, one no longer for sale), since trying again would not help;
 * a plain retry message otherwise.
 */
export function paymentFailureMessage(error: unknown): string {
  if (error instanceof CardRefused) return PAYMENT_FAILED_PREFIX + error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return PAYMENT_FAILED_RETRY;
}
