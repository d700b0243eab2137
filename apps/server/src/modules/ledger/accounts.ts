/**
 * The ledger's accounts (docs/decisions/0008). A name says whose money it is; the amounts on it say
 * what the platform owes that party (credit positive), so a seller's balance is positive and the
 * card provider's, which holds buyers' money for us, goes negative.
 */
export type LedgerAccount =
  | `seller:${string}`
  | `maturing:${string}`
  | `reskin:${string}`
  | `provider:${string}`
  | `escrow:${string}`
  | (typeof PLATFORM_ACCOUNTS)[number];

export const PLATFORM_ACCOUNTS = [
  'platform:fees',
  'platform:promotions',
  'payouts:pending',
  'payouts:paypal',
  'payouts:connect',
  'receivable:reskin',
  'disputes:open',
] as const;

/** What a seller has earned and not yet withdrawn: the balance SPEC's withdrawals draw on. */
export const sellerAccount = (sellerId: string): LedgerAccount => `seller:${sellerId}`;
/**
 * With payouts through Stripe Connect, what a seller has earned inside the refund window: it moves to
 * `seller:` line by line once the window has passed (docs/decisions/0012). Never withdrawable.
 */
export const maturingAccount = (sellerId: string): LedgerAccount => `maturing:${sellerId}`;
/** Reskin prices quoted on a seller's sold lines: shown on the dashboard, never withdrawable. */
export const reskinAccount = (sellerId: string): LedgerAccount => `reskin:${sellerId}`;
/** Money a card provider holds for us (negative: it owes it to us). */
export const providerAccount = (provider: string): LedgerAccount => `provider:${provider}`;
/** A custom work order's money, paid by the buyer and not yet released or refunded (docs/decisions/0013). Never below zero. */
export const escrowAccount = (customWorkId: string): LedgerAccount => `escrow:${customWorkId}`;
