import {
  centsToDollars,
  dollarsToCents,
  INSUFFICIENT_BALANCE,
  payoutAfterFee,
  type Earnings,
  type Sale,
  type SessionUser,
  type Withdrawal,
  type WithdrawalStatus,
} from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { canProcessWithdrawals, canSeeWithdrawalsOf } from './policies.js';
import { type LedgerService, reskinAccount, sellerAccount, withdrawalPaidOf, withdrawalRequestOf } from '../ledger/index.js';
import { type WithdrawalRow, WithdrawalsRepository, type WithdrawalWithSellerRow } from './withdrawals.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';

export interface WithdrawalListFilter {
  userId?: string | undefined;
  status?: WithdrawalStatus | undefined;
}

function toWithdrawal(row: WithdrawalRow | WithdrawalWithSellerRow, withSeller: boolean): Withdrawal {
  return {
    _id: row.id,
    userId: row.user_id,
    email: row.email,
    withdrawAmount: centsToDollars(row.amount_cents),
    payoutAmount: centsToDollars(payoutAfterFee(row.amount_cents)),
    status: row.status,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    ...(withSeller && 'seller_name' in row ? { seller: { _id: row.user_id, name: row.seller_name, email: row.seller_email } } : {}),
  };
}

export interface WithdrawalsServiceDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  ledger: LedgerService;
}

/** Sellers' earnings (docs/product-spec.md §9) and their PayPal withdrawals with the 8% fee. */
export class WithdrawalsService {
  private readonly withdrawals: WithdrawalsRepository;
  private readonly clock: Clock;
  private readonly ledger: LedgerService;

  constructor({ db, dialect, clock, ledger }: WithdrawalsServiceDependencies) {
    this.withdrawals = new WithdrawalsRepository(db, dialect);
    this.clock = clock;
    this.ledger = ledger;
  }

  /**
   * docs/product-spec.md §9's figures, from the ledger (docs/decisions/0008): what the seller may
   * still withdraw is the seller account's balance; their earnings net of refunds are that balance
   * plus what they have asked to withdraw.
   */
  async earnings(actor: SessionUser): Promise<Earnings> {
    const [balance, reskin, refunded, { pending, withdrawn }] = await Promise.all([
      this.ledger.balanceOf(sellerAccount(actor._id)),
      this.ledger.balanceOf(reskinAccount(actor._id)),
      this.ledger.refundedFrom(sellerAccount(actor._id)),
      this.withdrawals.withdrawalTotals(actor._id),
    ]);
    const netEarnings = balance + pending + withdrawn;
    return {
      totalEarnings: centsToDollars(netEarnings),
      dashboardTotal: centsToDollars(netEarnings + reskin),
      pendingWithdrawals: centsToDollars(pending),
      withdrawn: centsToDollars(withdrawn),
      availableBalance: centsToDollars(balance),
      refunded: centsToDollars(refunded),
    };
  }

  async recentSales(actor: SessionUser, limit: number): Promise<Sale[]> {
    const rows = await this.withdrawals.recentSales(actor._id, limit);
    return rows.map((row) => ({
      purchaseId: row.purchase_id,
      productId: row.product_id,
      title: row.title ?? '',
      licenseType: row.license_type,
      isReskin: row.is_reskin === 1 ? 'true' : 'false',
      price: centsToDollars(row.price_cents),
      reskinPrice: row.is_reskin === 1 ? centsToDollars(row.reskin_price_cents) : 0,
      soldAt: row.sold_at,
      refunded: row.refund_id !== null,
    }));
  }

  /**
   * The balance check and the insert share one transaction holding the seller's lock, so two
   * requests at once can never both spend the same balance.
   */
  /** Refused with docs/product-spec.md's Insufficient Balance answer, and the balance, when the amount is more than it. */
  async request(actor: SessionUser, payoutEmail: string, amountUsd: number): Promise<Withdrawal> {
    const amountCents = dollarsToCents(amountUsd);
    return this.withdrawals.withSellerLocked(actor._id, async (locked, executor) => {
      const available = await this.ledger.lockedBalanceOf(executor, sellerAccount(actor._id));
      if (amountCents > available) {
        const { message, detail } = INSUFFICIENT_BALANCE;
        throw new HttpError(400, message, undefined, { detail, availableBalance: centsToDollars(available) });
      }
      const row: WithdrawalRow = {
        id: newId(),
        user_id: actor._id,
        email: payoutEmail,
        amount_cents: amountCents,
        status: 'Pending',
        created_at: this.clock.now().toISOString(),
        paid_at: null,
      };
      await locked.insert(row);
      await this.ledger.post(executor, withdrawalRequestOf(row.id, actor._id, amountCents));
      return toWithdrawal(row, false);
    });
  }

  /** Admins see everybody's (with the seller), users only their own. */
  async list(actor: SessionUser, filter: WithdrawalListFilter): Promise<Withdrawal[]> {
    const admin = canProcessWithdrawals(actor);
    const userId = filter.userId ?? (admin ? undefined : actor._id);
    if (userId && !canSeeWithdrawalsOf(actor, userId)) throw forbidden('You can only see your own withdrawals');
    const rows = await this.withdrawals.list({ ...(userId ? { userId } : {}), ...(filter.status ? { status: filter.status } : {}) });
    return rows.map((row) => toWithdrawal(row, admin));
  }

  /** Pending → Success once, by an admin who has paid it out. */
  async markPaid(actor: SessionUser, id: string): Promise<Withdrawal> {
    if (!canProcessWithdrawals(actor)) throw forbidden('Only an admin can mark a withdrawal as paid');
    const existing = await this.withdrawals.findById(id);
    if (!existing) throw notFound('Withdrawal not found');
    const changed = await this.withdrawals.markPaid(id, this.clock.now().toISOString(), (trx) =>
      this.ledger.postIfAny(trx, withdrawalPaidOf(id, Number(existing.amount_cents))).then(() => undefined),
    );
    if (!changed) throw conflict('This withdrawal has already been paid');
    const updated = await this.withdrawals.findById(id);
    return toWithdrawal(updated!, false);
  }
}
