import {
  availableBalance,
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
import { type StoredBalance, type WithdrawalRow, WithdrawalsRepository, type WithdrawalWithSellerRow } from './withdrawals.repository.js';
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

const balanceCents = (stored: StoredBalance) =>
  availableBalance({
    earnings: stored.earnings - stored.refunded,
    pendingWithdrawals: stored.pendingWithdrawals,
    withdrawn: stored.withdrawn,
  });

export interface WithdrawalsServiceDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
}

/** Sellers' earnings (docs/product-spec.md §9) and their PayPal withdrawals with the 8% fee. */
export class WithdrawalsService {
  private readonly withdrawals: WithdrawalsRepository;
  private readonly clock: Clock;

  constructor({ db, dialect, clock }: WithdrawalsServiceDependencies) {
    this.withdrawals = new WithdrawalsRepository(db, dialect);
    this.clock = clock;
  }

  async earnings(actor: SessionUser): Promise<Earnings> {
    const stored = await this.withdrawals.balanceOf(actor._id);
    return {
      totalEarnings: centsToDollars(stored.earnings - stored.refunded),
      dashboardTotal: centsToDollars(stored.earnings - stored.refunded + stored.reskinEarnings),
      pendingWithdrawals: centsToDollars(stored.pendingWithdrawals),
      withdrawn: centsToDollars(stored.withdrawn),
      availableBalance: centsToDollars(balanceCents(stored)),
      refunded: centsToDollars(stored.refunded),
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
    return this.withdrawals.withSellerLocked(actor._id, async (locked) => {
      const available = balanceCents(await locked.balanceOf(actor._id));
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
    const changed = await this.withdrawals.markPaid(id, this.clock.now().toISOString());
    if (!changed) throw conflict('This withdrawal has already been paid');
    const updated = await this.withdrawals.findById(id);
    return toWithdrawal(updated!, false);
  }
}
