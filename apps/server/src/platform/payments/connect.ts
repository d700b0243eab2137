import { Stripe } from 'stripe';
import type { PaymentsConfig } from '../config.js';
import { asProviderFailure, stripeClient, type StripeOptions } from './stripe-provider.js';

/** A seller's Stripe Express account as the marketplace reads it (docs/decisions/0012). */
export interface ConnectedAccount {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  /** Its `transfers` capability is active: the platform may send it money. */
  transfersActive: boolean;
  payoutsEnabled: boolean;
  /** What Stripe asks for now (`requirements.currently_due`). */
  requirementsDue: string[];
  disabledReason: string | null;
}

export interface AccountLink {
  url: string;
  expiresAt: Date;
}

/** Money sent from the platform's balance to a connected account. */
export interface SentTransfer {
  id: string;
  amountCents: number;
}

/** A reversal of a transfer as Stripe keeps it: what it took back, and the metadata our request carried (none from the dashboard). */
export interface TransferReversal {
  id: string;
  amountCents: number;
  metadata: Record<string, string>;
}

/** A transfer's reversals as Stripe has them now, oldest first, and the group the transfer was sent under. */
export interface TransferReversals {
  transferId: string;
  group: string | null;
  reversals: TransferReversal[];
}

/** Stripe refused the transfer (an account that cannot receive it, a balance too low): nothing was sent. */
export class TransferRefusedError extends Error {
  override name = 'TransferRefusedError';
}

/** Stripe Connect as the payouts need it: Express accounts, their onboarding links, their state, transfers to them. */
export interface StripeConnect {
  /**
   * Creates an Express account. The same `idempotencyKey` (with the same metadata) answers the
   * account made first, so two clicks or two instances make one account.
   */
  createExpressAccount(idempotencyKey: string, metadata: Record<string, string>): Promise<ConnectedAccount>;
  /** A one-time onboarding link; Stripe sends the browser to `returnUrl` when done, to `refreshUrl` when the link is stale. */
  createAccountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<AccountLink>;
  /** The account as Stripe has it now; null when Stripe knows it not (or no longer lets us see it). */
  retrieveAccount(accountId: string): Promise<ConnectedAccount | null>;
  /**
   * Sends `amountCents` to the account, grouped under `group` (the payout's id). The same
   * `idempotencyKey` answers the transfer made first, so a retried payout never pays twice.
   * Throws TransferRefusedError when Stripe refuses it; any other error leaves it unknown.
   */
  createTransfer(
    transfer: { accountId: string; amountCents: number; currency: string; group: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<SentTransfer>;
  /**
   * Takes `amountCents` of a transfer back from the account; the same `idempotencyKey` answers the
   * reversal made first. Throws TransferRefusedError when Stripe refuses it.
   */
  reverseTransfer(
    transferId: string,
    amountCents: number,
    idempotencyKey: string,
    metadata: Record<string, string>,
  ): Promise<{ id: string }>;
  /** The transfer's reversals as Stripe has them now; null when Stripe knows no such transfer of ours. */
  reversalsOf(transferId: string): Promise<TransferReversals | null>;
}

export function connectedAccountOf(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    transfersActive: account.capabilities?.transfers === 'active',
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

/** Connect through Stripe's official SDK. */
export class StripeConnectClient implements StripeConnect {
  private readonly stripe: Stripe;

  constructor(options: Pick<StripeOptions, 'secretKey' | 'apiUrl'>) {
    this.stripe = stripeClient(options);
  }

  async createExpressAccount(idempotencyKey: string, metadata: Record<string, string>): Promise<ConnectedAccount> {
    const account = await this.stripe.accounts
      .create(
        {
          type: 'express',
          // Separate charges and transfers (docs/decisions/0012): the platform charges, then transfers the seller's share.
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata,
        },
        { idempotencyKey },
      )
      .catch(asProviderFailure);
    return connectedAccountOf(account);
  }

  async createAccountLink(accountId: string, { refreshUrl, returnUrl }: { refreshUrl: string; returnUrl: string }): Promise<AccountLink> {
    const link = await this.stripe.accountLinks
      .create({ account: accountId, type: 'account_onboarding', refresh_url: refreshUrl, return_url: returnUrl })
      .catch(asProviderFailure);
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount | null> {
    try {
      return connectedAccountOf(await this.stripe.accounts.retrieve(accountId));
    } catch (error) {
      // Stripe answers an account that is not the platform's, or gone, as a permission error (403) or a 404.
      if (error instanceof Stripe.errors.StripePermissionError) return null;
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      return asProviderFailure(error);
    }
  }

  async createTransfer(
    {
      accountId,
      amountCents,
      currency,
      group,
      metadata,
    }: { accountId: string; amountCents: number; currency: string; group: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<SentTransfer> {
    try {
      const transfer = await this.stripe.transfers.create(
        { amount: amountCents, currency, destination: accountId, transfer_group: group, metadata },
        { idempotencyKey },
      );
      return { id: transfer.id, amountCents: transfer.amount };
    } catch (error) {
      // A 400 is Stripe's answer about this transfer; a network failure or a 5xx leaves it unknown.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new TransferRefusedError(error.message, { cause: error });
      return asProviderFailure(error);
    }
  }
  async reverseTransfer(transferId: string, amountCents: number, idempotencyKey: string, metadata: Record<string, string>) {
    try {
      const reversal = await this.stripe.transfers.createReversal(transferId, { amount: amountCents, metadata }, { idempotencyKey });
      return { id: reversal.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new TransferRefusedError(error.message, { cause: error });
      return asProviderFailure(error);
    }
  }

  async reversalsOf(transferId: string): Promise<TransferReversals | null> {
    try {
      const transfer = await this.stripe.transfers.retrieve(transferId);
      // The transfer carries its ten newest reversals; every one is listed, page by page.
      const all = await this.stripe.transfers.listReversals(transferId, { limit: 100 }).autoPagingToArray({ limit: 10_000 });
      return {
        transferId: transfer.id,
        group: transfer.transfer_group ?? null,
        // Stripe lists the newest first.
        reversals: all
          .toReversed()
          .map((reversal) => ({ id: reversal.id, amountCents: reversal.amount, metadata: { ...reversal.metadata } })),
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      return asProviderFailure(error);
    }
  }
}

/** Connect when Stripe's keys are configured; null with the simulated provider. */
export function createStripeConnect(config: PaymentsConfig): StripeConnect | null {
  return config.provider === 'stripe' ? new StripeConnectClient(config) : null;
}
