import {
  centsToDollars,
  dollarsToCents,
  INSUFFICIENT_BALANCE,
  payoutAfterFee,
  type PayoutPaidData,
  payoutsOnHoldMessage,
  type Earnings,
  type Sale,
  type SessionUser,
  STATEMENT_KIND_LABELS,
  type Statement,
  statementKindSchema,
  type Withdrawal,
  type WithdrawalStatus,
  type ApiV1SaleDetail,
  type ApiV1SalePage,
  type CursorQuery,
} from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { decodeCursor, pageOf } from '../../platform/cursor.js';
import { newId } from '../../platform/ids.js';
import { canProcessWithdrawals, canSeeStatementOf, canSeeWithdrawalsOf } from './policies.js';
import { type LedgerService, reskinAccount, sellerAccount, withdrawalPaidOf, withdrawalRequestOf } from '../ledger/index.js';
import { type WithdrawalRow, WithdrawalsRepository, type WithdrawalWithSellerRow } from './withdrawals.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Dialect, InTransaction } from '../../db/index.js';
import type { PayoutsService } from '../payouts/index.js';
import type { WebhookEvents } from '../webhooks/index.js';

const CSV_PAGE = 1000;

/** Cents as plain dollars for a spreadsheet: -1250 → "-12.50". */
const dollarText = (cents: number) => `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;

/** A CSV field (RFC 4180), with a leading formula character neutralised so a spreadsheet shows a title as text. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

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
  inTransaction: InTransaction;
  clock: Clock;
  ledger: LedgerService;
  /** Asked inside a withdrawal's transaction whether a hold refuses it (docs/decisions/0012 "Holds"). */
  payouts: Pick<PayoutsService, 'openHoldOf'>;
  /** `payout.paid` to the seller's endpoints, in the transaction that records it (docs/decisions/0015). */
  webhooks: WebhookEvents;
}

/** Sellers' earnings (docs/product-spec.md §9) and their PayPal withdrawals with the 8% fee. */
export class WithdrawalsService {
  private readonly withdrawals: WithdrawalsRepository;
  private readonly dialect: Dialect;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly ledger: LedgerService;
  private readonly payouts: Pick<PayoutsService, 'openHoldOf'>;
  private readonly webhooks: WebhookEvents;

  constructor({ db, dialect, inTransaction, clock, ledger, payouts, webhooks }: WithdrawalsServiceDependencies) {
    this.payouts = payouts;
    this.webhooks = webhooks;
    this.withdrawals = new WithdrawalsRepository(db, dialect);
    this.dialect = dialect;
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.ledger = ledger;
  }

  /**
   * docs/product-spec.md §9's figures, from the ledger's kept balances (docs/decisions/0008): what the
   * seller may still withdraw is the seller account's balance; refunds and withdrawals are the parts
   * of it they moved; of what was withdrawn, the requests still pending are the seller's pending rows
   * (a handful). Nothing here grows with the seller's history.
   */
  async earnings(actor: SessionUser): Promise<Earnings> {
    const [[seller, reskin], pending] = await Promise.all([
      this.ledger.keptBalancesOf([sellerAccount(actor._id), reskinAccount(actor._id)]),
      this.withdrawals.pendingTotal(actor._id),
    ]);
    const { balanceCents, refundCents, withdrawalCents } = seller;
    const requested = -withdrawalCents;
    const netEarnings = balanceCents + requested;
    return {
      totalEarnings: centsToDollars(netEarnings),
      dashboardTotal: centsToDollars(netEarnings + reskin.balanceCents),
      pendingWithdrawals: centsToDollars(pending),
      withdrawn: centsToDollars(requested - pending),
      availableBalance: centsToDollars(balanceCents),
      refunded: centsToDollars(-refundCents),
    };
  }

  async recentSales(actor: SessionUser, limit: number): Promise<Sale[]> {
    const rows = await this.withdrawals.recentSales(actor._id, limit);
    return rows.map((row) => ({
      purchaseId: row.purchase_id,
      productId: row.product_id,
      title: row.title ?? '',
      licenseType: row.license_type,
      isReskin: row.reskin_price_cents !== null ? 'true' : 'false',
      price: centsToDollars(row.price_cents),
      reskinPrice: row.reskin_price_cents !== null ? centsToDollars(Number(row.reskin_price_cents)) : 0,
      soldAt: row.sold_at ?? '',
      refunded: row.refund_id !== null,
    }));
  }

  /**
   * Refused with docs/product-spec.md's Insufficient Balance answer, and the balance, when the amount
   * is more than it. The balance check and the insert share one unit of work holding the seller's
   * balance (its row locked on PostgreSQL, the write lock on SQLite), so two requests at once can
   * never both spend the same balance. While a hold is open the request is refused (409) with the
   * hold's reason and review date (docs/decisions/0012 "Holds").
   */
  async request(actor: SessionUser, payoutEmail: string, amountUsd: number): Promise<Withdrawal> {
    const amountCents = dollarsToCents(amountUsd);
    return this.inTransaction(async (trx) => {
      const available = await this.ledger.lockedBalanceOf(trx, sellerAccount(actor._id));
      // An open hold refuses it with its reason and review date; a hold placed takes the same lock.
      const hold = await this.payouts.openHoldOf(trx, actor._id);
      if (hold) throw conflict(payoutsOnHoldMessage(hold));
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
      await new WithdrawalsRepository(trx, this.dialect).insert(row);
      await this.ledger.post(trx, withdrawalRequestOf(row.id, actor._id, amountCents));
      return toWithdrawal(row, false);
    });
  }

  /**
   * The seller account entry by entry, newest first, with the balance after each (docs/decisions/0008):
   * its latest balance is the dashboard's available balance. Sellers see their own; admins anyone's.
   */
  async statement(
    actor: SessionUser,
    { limit, offset, userId }: { limit: number; offset: number; userId?: string | undefined },
  ): Promise<Statement> {
    const sellerId = userId ?? actor._id;
    if (!canSeeStatementOf(actor, sellerId)) throw forbidden('You can only see your own statement');
    return this.statementOf(sellerId, { limit, offset }, sellerId === actor._id ? { _id: actor._id, name: actor.name } : undefined);
  }

  /**
   * GET /api/v1/statement: the token owner's statement, as the page reads it (docs/decisions/0014).
   * `holder` when the caller knows the seller's name already.
   */
  async statementOf(
    sellerId: string,
    { limit, offset }: { limit: number; offset: number },
    known?: Statement['holder'],
  ): Promise<Statement> {
    const holder = known ?? (await this.withdrawals.personOf(sellerId));
    if (!holder) throw notFound('No such user');
    const [{ entries, total }, balanceCents] = await Promise.all([
      this.ledger.statementOf(sellerAccount(sellerId), limit, offset),
      this.ledger.balanceOf(sellerAccount(sellerId)),
    ]);
    const products = await this.withdrawals.productsOfLines(entries.flatMap((entry) => (entry.order_line_id ? [entry.order_line_id] : [])));
    return {
      holder,
      entries: entries.map((entry) => {
        const product = entry.order_line_id ? products.get(entry.order_line_id) : undefined;
        return {
          at: entry.created_at,
          kind: statementKindSchema.parse(entry.kind),
          productId: product?.productId ?? null,
          title: product?.title ?? null,
          listCents: product?.listCents ?? null,
          discountCents: product?.discountCents ?? null,
          amountCents: entry.amount_cents,
          balanceCents: entry.balance_cents,
        };
      }),
      total,
      balanceCents,
    };
  }

  /** GET /api/v1/sales: the seller's sold lines newest first, a cursor-paged walk (docs/decisions/0014). */
  async salesPage(sellerId: string, { limit, cursor }: CursorQuery): Promise<ApiV1SalePage> {
    const rows = await this.withdrawals.salesPage(sellerId, decodeCursor(cursor), limit + 1);
    const page = pageOf(rows, limit, (row) => ({ at: row.sold_at, id: row.line_id }));
    return {
      data: page.rows.map((row) => ({
        orderId: row.order_id,
        lineId: row.line_id,
        productId: row.product_id,
        title: row.title ?? '',
        licenseType: row.license_type,
        paidCents: Number(row.paid_cents),
        soldAt: row.sold_at,
        refunded: Number(row.refunded) === 1,
      })),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * GET /api/v1/sales/{id}: one sale (an `orderId` of the list) with the seller's own lines and their
   * refunds, every amount as recorded at the sale and the refund, never computed again
   * (docs/decisions/0014). An order with none of the seller's lines answers 404, as an unknown one.
   */
  async saleOf(sellerId: string, orderId: string): Promise<ApiV1SaleDetail> {
    const lines = await this.withdrawals.saleLines(sellerId, orderId);
    const first = lines[0];
    if (!first) throw notFound('Sale not found');
    const refunds = await this.withdrawals.refundsOfLines(lines.map((line) => line.line_id));
    return {
      orderId: first.order_id,
      currency: first.currency,
      soldAt: first.sold_at,
      lines: lines.map((line) => ({
        lineId: line.line_id,
        productId: line.product_id,
        title: line.title ?? '',
        licenseType: line.license_type,
        listCents: Number(line.list_cents),
        discountCents: Number(line.discount_cents),
        platformDiscountCents: Number(line.platform_discount_cents),
        taxCents: Number(line.tax_cents),
        paidCents: Number(line.paid_cents),
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        lineId: refund.line_id,
        amountCents: Number(refund.amount_cents),
        reason: refund.reason,
        status: refund.status,
        createdAt: refund.created_at,
      })),
    };
  }

  /** The whole statement as CSV, newest first like the page; refused before a byte is sent. */
  statementCsv(actor: SessionUser, userId?: string): AsyncGenerator<string> {
    const sellerId = userId ?? actor._id;
    if (!canSeeStatementOf(actor, sellerId)) throw forbidden('You can only see your own statement');
    return this.statementCsvLines(actor, sellerId);
  }

  /** A page of entries at a time, so a long history never sits in memory. */
  private async *statementCsvLines(actor: SessionUser, sellerId: string): AsyncGenerator<string> {
    yield `${['Date', 'What happened', 'Product', 'List price (USD)', 'Discount (USD)', 'Amount (USD)', 'Balance (USD)'].join(',')}\r\n`;
    for (let offset = 0; ; offset += CSV_PAGE) {
      const page = await this.statement(actor, { limit: CSV_PAGE, offset, userId: sellerId });
      for (const entry of page.entries) {
        const fields = [
          entry.at,
          STATEMENT_KIND_LABELS[entry.kind],
          entry.title ?? '',
          entry.listCents === null ? '' : dollarText(entry.listCents),
          entry.discountCents === null ? '' : dollarText(entry.discountCents),
          dollarText(entry.amountCents),
          dollarText(entry.balanceCents),
        ];
        yield `${fields.map(csvField).join(',')}\r\n`;
      }
      if (page.entries.length < CSV_PAGE) return;
    }
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
    const changed = await this.inTransaction(async (trx, afterCommit) => {
      const paidAt = this.clock.now().toISOString();
      if (!(await new WithdrawalsRepository(trx, this.dialect).markPaid(id, paidAt))) return false;
      const amountCents = Number(existing.amount_cents);
      await this.ledger.postIfAny(trx, withdrawalPaidOf(id, amountCents));
      const paidCents = payoutAfterFee(amountCents);
      const data: PayoutPaidData = {
        payoutId: id,
        method: 'withdrawal',
        amount: { cents: amountCents, currency: 'usd' },
        fee: { cents: amountCents - paidCents, currency: 'usd' },
        paid: { cents: paidCents, currency: 'usd' },
        paidAt,
      };
      await this.webhooks.emit(trx, afterCommit, existing.user_id, 'payout.paid', data);
      return true;
    });
    if (!changed) throw conflict('This withdrawal has already been paid');
    const updated = await this.withdrawals.findById(id);
    return toWithdrawal(updated!, false);
  }
}
