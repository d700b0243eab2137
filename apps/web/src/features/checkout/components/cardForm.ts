import type { ConfirmCard } from '../usePayForCart';

/** What either card form (simulated or Stripe) receives from the checkout. */
export interface CardFormProps {
  /** The total on the Pay button, e.g. '$68.99'. */
  amountLabel: string;
  pending: boolean;
  /** The last attempt's error, if it failed. */
  error: unknown;
  onPay: (confirmCard: ConfirmCard) => void;
  /** The buyer changed a field: the last attempt's error no longer applies. */
  onEdit: () => void;
}
