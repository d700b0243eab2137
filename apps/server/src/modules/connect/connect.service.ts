import {
  PAYOUT_ONBOARDING_PAGE,
  PAYOUTS_NOT_ENABLED_MESSAGE,
  type PayoutAccount,
  type PayoutAccountState,
  type PayoutMode,
  type PayoutOnboarding,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { conflict } from '../../platform/errors.js';
import type { ConnectedAccount, StripeConnect } from '../../platform/payments/index.js';
import { type PayoutAccountFields, type PayoutAccountRow, PayoutAccountsRepository } from './payout-accounts.repository.js';

/** A seller's Stripe account as other modules read it (the payouts module's status and transfers). */
export interface PayoutAccountSummary {
  stripeAccountId: string;
  state: Exclude<PayoutAccountState, 'none'>;
  requirementsDue: string[];
  disabledReason: string | null;
  /** The platform may transfer to it: its transfers capability is active and Stripe pays it out. */
  canReceiveTransfers: boolean;
}

const fieldsOf = (account: ConnectedAccount): PayoutAccountFields => ({
  details_submitted: account.detailsSubmitted ? 1 : 0,
  charges_enabled: account.chargesEnabled ? 1 : 0,
  transfers_active: account.transfersActive ? 1 : 0,
  payouts_enabled: account.payoutsEnabled ? 1 : 0,
  requirements_due: JSON.stringify(account.requirementsDue),
  disabled_reason: account.disabledReason,
});

const sameFields = (row: PayoutAccountFields, fields: PayoutAccountFields) =>
  (Object.keys(fields) as (keyof PayoutAccountFields)[]).every((name) => row[name] === fields[name]);

function requirementsOf(row: PayoutAccountRow): string[] {
  const parsed: unknown = JSON.parse(row.requirements_due);
  return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * Enabled once Stripe pays the account out and lets the platform transfer to it; until then, what
 * Stripe still asks for, or, when nothing is due after the details were given, Stripe checking them.
 */
export function summaryOf(row: PayoutAccountRow): PayoutAccountSummary {
  const requirementsDue = requirementsOf(row);
  const canReceiveTransfers = row.payouts_enabled === 1 && row.transfers_active === 1;
  const state =
    canReceiveTransfers && row.disabled_reason === null
      ? 'enabled'
      : row.details_submitted === 0 || requirementsDue.length > 0
        ? 'details_needed'
        : 'pending_verification';
  return { stripeAccountId: row.stripe_account_id, state, requirementsDue, disabledReason: row.disabled_reason, canReceiveTransfers };
}

/** The seller's Stripe account as last stored, or null when they never started onboarding; for other modules' reads. */
export async function accountStateOf(db: Kysely<Database>, sellerId: string): Promise<PayoutAccountSummary | null> {
  const row = await new PayoutAccountsRepository(db).ofSeller(sellerId);
  return row ? summaryOf(row) : null;
}

export interface ConnectServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  /** null with the simulated payment provider: connect mode requires Stripe's keys (platform/config.ts). */
  connect: StripeConnect | null;
  mode: PayoutMode;
  /** The site's address: Stripe sends the seller back to it. */
  publicUrl: string;
  clock: Clock;
}

/** Sellers' Stripe Express accounts for payouts (docs/decisions/0012): onboarding and the account's state. */
export class ConnectService {
  private readonly db: Kysely<Database>;
  private readonly inTransaction: InTransaction;
  private readonly connect: StripeConnect | null;
  private readonly mode: PayoutMode;
  private readonly publicUrl: string;
  private readonly clock: Clock;
  private readonly accounts: PayoutAccountsRepository;

  constructor({ db, inTransaction, connect, mode, publicUrl, clock }: ConnectServiceDependencies) {
    this.db = db;
    this.inTransaction = inTransaction;
    this.connect = connect;
    this.mode = mode;
    this.publicUrl = publicUrl;
    this.clock = clock;
    this.accounts = new PayoutAccountsRepository(db);
  }

  private connectOrRefuse(): StripeConnect {
    if (this.mode !== 'connect' || !this.connect) throw conflict(PAYOUTS_NOT_ENABLED_MESSAGE);
    return this.connect;
  }

  /**
   * POST /api/payout/account: the seller's Express account, made once, and a fresh onboarding link
   * to it. Stripe's idempotency key is the seller's, so two clicks or two instances at once make one
   * account at Stripe, and the row's primary key keeps one here.
   */
  async startOnboarding(actor: SessionUser): Promise<PayoutOnboarding> {
    const connect = this.connectOrRefuse();
    let row = await this.accounts.ofSeller(actor._id);
    if (!row) {
      const account = await connect.createExpressAccount(`payout-account:${actor._id}`, { sellerId: actor._id });
      const now = this.clock.now().toISOString();
      await this.inTransaction((trx) =>
        new PayoutAccountsRepository(trx).insertIfAbsent({
          seller_id: actor._id,
          stripe_account_id: account.id,
          ...fieldsOf(account),
          created_at: now,
          updated_at: now,
        }),
      );
      row = await this.accounts.ofSeller(actor._id);
      if (!row) throw new Error(`The payout account of seller ${actor._id} was not stored`);
    }
    const page = `${this.publicUrl}${PAYOUT_ONBOARDING_PAGE}`;
    const link = await connect.createAccountLink(row.stripe_account_id, {
      refreshUrl: `${page}?connect=refresh`,
      returnUrl: `${page}?connect=return`,
    });
    return { url: link.url };
  }

  /**
   * GET /api/payout/account: the seller's account as stored; with `refresh` (the seller is back from
   * Stripe's onboarding) as Stripe has it now, so the page tells the truth even when the webhook is late.
   */
  async accountOf(actor: SessionUser, refresh: boolean): Promise<PayoutAccount> {
    const none: PayoutAccount = { mode: this.mode, state: 'none', requirementsDue: [], disabledReason: null };
    if (this.mode !== 'connect') return none;
    let row = await this.accounts.ofSeller(actor._id);
    if (row && refresh) row = (await this.refreshed(row.stripe_account_id)) ?? row;
    if (!row) return none;
    const { state, requirementsDue, disabledReason } = summaryOf(row);
    return { mode: this.mode, state, requirementsDue, disabledReason };
  }

  /**
   * Stripe's `account.updated` (verified by payments): the stored account becomes what Stripe says
   * it is now. Events arrive in any order and may be replayed, so the event only names the account
   * and Stripe is asked (docs/decisions/0008, "The provider's word, checked"); an unchanged account
   * writes nothing, and an account that is not a seller's here is ignored.
   */
  async accountUpdated(stripeAccountId: string): Promise<void> {
    if (!this.connect) return;
    if (!(await this.accounts.ofStripeAccount(stripeAccountId))) return;
    await this.refreshed(stripeAccountId);
  }

  /** Asks Stripe for the account and stores what changed; answers the row as stored, or null when Stripe knows it not. */
  private async refreshed(stripeAccountId: string): Promise<PayoutAccountRow | null> {
    if (!this.connect) return null;
    const account = await this.connect.retrieveAccount(stripeAccountId);
    if (!account) return null;
    const fields = fieldsOf(account);
    return this.inTransaction(async (trx) => {
      const accounts = new PayoutAccountsRepository(trx);
      const row = await accounts.ofStripeAccount(stripeAccountId);
      if (!row || sameFields(row, fields)) return row ?? null;
      const updatedAt = this.clock.now().toISOString();
      await accounts.update(stripeAccountId, fields, updatedAt);
      return { ...row, ...fields, updated_at: updatedAt };
    });
  }

  /** For other modules: see accountStateOf. */
  async summaryOf(sellerId: string): Promise<PayoutAccountSummary | null> {
    return accountStateOf(this.db, sellerId);
  }
}
