import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, LedgerEntryKind } from '../../db/schema.js';
import type { InTransaction } from '../../db/unit-of-work.js';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { escrowAccount, type LedgerAccount, maturingAccount, providerAccount } from './accounts.js';
import {
  type DisputedLine,
  disputeClosedOf,
  type EscrowMovement,
  escrowMovementOf,
  disputeOpenedOf,
  maturityOf,
  refundOf,
  type RefundedLine,
  saleOf,
  type SoldLine,
} from './events.js';
import { type BalanceOff, type KeptBalance, type LedgerEntryRow, LedgerRepository, type StatementRow } from './ledger.repository.js';

export type { BalanceOff, KeptBalance, LedgerEntryRow, StatementRow };

/** One side of a ledger transaction: an account and what it gains (positive) or loses (negative). */
export interface Posting {
  account: LedgerAccount;
  amountCents: number;
}

/** One business event's money: postings that sum to zero, and what they belong to. */
export interface LedgerTransaction {
  kind: LedgerEntryKind;
  postings: Posting[];
  currency?: string;
  links?: { orderLineId?: string; refundId?: string; withdrawalId?: string; disputeId?: string };
  /** The transaction this one undoes (kind `reversal`). */
  reverses?: string;
  /** When the event happened, for history recorded after the fact (demo data); now otherwise. */
  at?: string;
  /** When what it puts on a `maturing:` account for its order line may be paid out (docs/decisions/0012); when written otherwise. */
  maturesAt?: string;
}

/** The ledger refused a transaction: a programming error, never a user's. */
export class LedgerError extends Error {}

export interface LedgerCheck {
  /** Transactions whose entries do not sum to zero. */
  unbalancedTransactions: string[];
  /** Accounts whose kept balance, or its refund or withdrawal part, differs from the sum of their entries. */
  balancesOff: BalanceOff[];
  /** Paid order lines that have no sale entries. */
  linesWithoutSale: string[];
}

export interface LedgerServiceDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  inTransaction: InTransaction;
  clock: Clock;
  /**
   * Payouts through Stripe Connect: the days a sale's earnings wait on the seller's `maturing:` account
   * (docs/decisions/0012); null (manual payouts): a sale's earnings are available at once.
   */
  payoutHoldDays: number | null;
  /** The paid lines without sale entries: the order lines belong to their own module, which answers. */
  paidLinesWithoutSale: () => Promise<string[]>;
}

const DEFAULT_CURRENCY = 'usd';
/** Lines matured per round: a round stays short, and the next one takes the rest. */
const MATURITY_BATCH = 500;

/** Postings merged per account, in account order: the order every transaction locks balance rows in. */
function normalised(postings: Posting[]): Posting[] {
  const byAccount = new Map<LedgerAccount, number>();
  for (const { account, amountCents } of postings) {
    if (!Number.isSafeInteger(amountCents)) throw new LedgerError(`${account}: ${amountCents} is not a whole number of cents`);
    byAccount.set(account, (byAccount.get(account) ?? 0) + amountCents);
  }
  return [...byAccount]
    .filter(([, amountCents]) => amountCents !== 0)
    .map(([account, amountCents]) => ({ account, amountCents }))
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}

/**
 * The append-only double-entry ledger (docs/decisions/0008). Every business event that moves money
 * posts one transaction here, inside the event's own database transaction (`executor`), so the
 * money and the event are stored together or not at all.
 */
export class LedgerService {
  private readonly db: Kysely<Database>;
  private readonly dialect: Dialect;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly payoutHoldDays: number | null;
  private readonly paidLinesWithoutSale: () => Promise<string[]>;

  constructor({ db, dialect, inTransaction, clock, payoutHoldDays, paidLinesWithoutSale }: LedgerServiceDependencies) {
    this.db = db;
    this.dialect = dialect;
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.payoutHoldDays = payoutHoldDays;
    this.paidLinesWithoutSale = paidLinesWithoutSale;
  }

  /**
   * Writes the transaction's entries and moves its accounts' balances; returns its id. Balance rows
   * are locked in account order, so two transactions over the same accounts queue, never deadlock.
   */
  async post(executor: Kysely<Database>, transaction: LedgerTransaction): Promise<string> {
    const postings = normalised(transaction.postings);
    const total = postings.reduce((sum, posting) => sum + posting.amountCents, 0);
    if (total !== 0) throw new LedgerError(`a ${transaction.kind} transaction must sum to zero, not ${total}`);
    if (postings.length < 2) throw new LedgerError(`a ${transaction.kind} transaction moves money between two accounts at least`);
    const currency = transaction.currency ?? DEFAULT_CURRENCY;
    const at = transaction.at ?? this.clock.now().toISOString();
    const transactionId = newId();
    const ledger = new LedgerRepository(executor);
    const refundId = transaction.links?.refundId ?? null;
    const withdrawalId = transaction.links?.withdrawalId ?? null;
    const parts = { refund: refundId !== null, withdrawal: withdrawalId !== null };
    const rows: LedgerEntryRow[] = [];
    for (const { account, amountCents } of postings) {
      const { version, balanceCents } = await ledger.addToBalance(account, currency, amountCents, parts, at);
      rows.push({
        id: newId(),
        transaction_id: transactionId,
        account,
        amount_cents: amountCents,
        currency,
        kind: transaction.kind,
        order_line_id: transaction.links?.orderLineId ?? null,
        refund_id: refundId,
        withdrawal_id: withdrawalId,
        dispute_id: transaction.links?.disputeId ?? null,
        reverses_transaction_id: transaction.reverses ?? null,
        created_at: at,
        account_version: version,
        balance_after_cents: balanceCents,
      });
    }
    await ledger.insertEntries(rows);
    // Money put on a maturing account for a line waits to be moved by `matureDue`; a line listed already keeps its date.
    const lineId = transaction.links?.orderLineId;
    for (const { account, amountCents } of postings) {
      if (!lineId || amountCents <= 0 || !account.startsWith('maturing:')) continue;
      await ledger.listMaturingLine({
        order_line_id: lineId,
        seller_id: account.slice('maturing:'.length),
        currency,
        due_at: transaction.maturesAt ?? at,
      });
    }
    return transactionId;
  }

  /** A sold line's sale: with payouts through Connect its earnings wait out the refund window on `maturing:`. */
  postSale(executor: Kysely<Database>, line: Omit<SoldLine, 'maturesAt'>): Promise<string | null> {
    const maturesAt =
      this.payoutHoldDays === null ? null : new Date(this.clock.now().getTime() + this.payoutHoldDays * DAY_MS).toISOString();
    return this.postIfAny(executor, saleOf({ ...line, maturesAt }));
  }

  /**
   * Custom work's escrow (docs/decisions/0013): funded, released or refunded. A release with payouts
   * through Connect waits out the refund window on `maturing:`, as a sale's earnings do; a release or
   * refund never takes the escrow below zero (LedgerError: the caller's state machine is wrong).
   */
  async postEscrowMovement(executor: Kysely<Database>, movement: Omit<EscrowMovement, 'maturesAt'>): Promise<string | null> {
    if (movement.kind !== 'fund') {
      const held = await this.lockedBalanceOf(executor, escrowAccount(movement.customWorkId));
      if (held < movement.cents) throw new LedgerError(`escrow:${movement.customWorkId} holds ${held}, not the ${movement.cents} asked`);
    }
    const maturesAt =
      movement.kind === 'release' && this.payoutHoldDays !== null
        ? new Date(this.clock.now().getTime() + this.payoutHoldDays * DAY_MS).toISOString()
        : null;
    return this.postIfAny(executor, escrowMovementOf({ ...movement, maturesAt }));
  }

  /** A refund of a line, taken back first out of what of the line still matures. */
  async postRefund(executor: Kysely<Database>, refund: Omit<RefundedLine, 'maturingCents'>): Promise<string | null> {
    const maturingCents = await this.maturingOfLine(executor, refund.sellerId, refund.lineId);
    return this.postIfAny(executor, refundOf({ ...refund, maturingCents }));
  }

  /** A dispute opened on a line: taken first out of what of the line still matures (docs/decisions/0012, "Disputes"). */
  async postDisputeOpened(executor: Kysely<Database>, line: Omit<DisputedLine, 'maturingCents'>): Promise<string | null> {
    const maturingCents = await this.maturingOfLine(executor, line.sellerId, line.lineId, line.currency);
    return this.postIfAny(executor, disputeOpenedOf({ ...line, maturingCents }));
  }

  /** A dispute closed on a line: won, back to the seller; lost, to the provider, and a platform code's part back to the platform. */
  async postDisputeClosed(
    executor: Kysely<Database>,
    line: Omit<DisputedLine, 'maturingCents'>,
    outcome: 'won' | 'lost',
  ): Promise<string | null> {
    const maturingCents = line.platformCents ? await this.maturingOfLine(executor, line.sellerId, line.lineId, line.currency) : 0;
    return this.postIfAny(executor, disputeClosedOf({ ...line, maturingCents }, outcome));
  }

  /**
   * What of the line's earnings still waits on its seller's `maturing:` account, with that account's
   * balance locked until `executor`'s transaction ends: a refund and the maturity of one line queue.
   */
  private async maturingOfLine(executor: Kysely<Database>, sellerId: string, lineId: string, currency = DEFAULT_CURRENCY): Promise<number> {
    const account = maturingAccount(sellerId);
    await this.lockedBalanceOf(executor, account, currency);
    return new LedgerRepository(executor).lineBalance(account, lineId, currency);
  }

  /**
   * Moves the earnings of every line whose refund window has passed from `maturing:` to the seller's
   * balance, each line in a transaction of its own; answers how many lines it moved. Safe to run on
   * several instances at once: a line's move and its listing go under the account's lock.
   */
  async matureDue(): Promise<number> {
    const due = await new LedgerRepository(this.db).dueMaturingLines(this.clock.now().toISOString(), MATURITY_BATCH);
    let moved = 0;
    for (const line of due) {
      const posted = await this.inTransaction(async (trx) => {
        const cents = await this.maturingOfLine(trx, line.seller_id, line.order_line_id, line.currency);
        const repository = new LedgerRepository(trx);
        await repository.unlistMaturingLine(line.order_line_id);
        return this.postIfAny(trx, maturityOf(line.order_line_id, line.seller_id, cents, line.currency));
      });
      if (posted) moved += 1;
    }
    return moved;
  }

  /** Posts the opposite of `transactionId`'s entries, as a `reversal` that points at it. */
  async reverse(executor: Kysely<Database>, transactionId: string): Promise<string> {
    const entries = await new LedgerRepository(executor).entriesOfTransaction(transactionId);
    if (!entries.length) throw new LedgerError(`no ledger transaction ${transactionId}`);
    const [first] = entries as [LedgerEntryRow, ...LedgerEntryRow[]];
    return this.post(executor, {
      kind: 'reversal',
      currency: first.currency,
      reverses: transactionId,
      postings: entries.map((entry) => ({ account: entry.account as LedgerAccount, amountCents: -Number(entry.amount_cents) })),
      links: {
        ...(first.order_line_id ? { orderLineId: first.order_line_id } : {}),
        ...(first.refund_id ? { refundId: first.refund_id } : {}),
        ...(first.withdrawal_id ? { withdrawalId: first.withdrawal_id } : {}),
        ...(first.dispute_id ? { disputeId: first.dispute_id } : {}),
      },
    });
  }

  /** Writes `transaction` when there is one: an event that moved no money (a free line) writes nothing. */
  async postIfAny(executor: Kysely<Database>, transaction: LedgerTransaction | null): Promise<string | null> {
    return transaction ? this.post(executor, transaction) : null;
  }

  /** Reverses the refund's entries (a claim let go because the provider refused it); nothing when it wrote none. */
  async reverseRefund(executor: Kysely<Database>, refundId: string): Promise<void> {
    const transactionId = await new LedgerRepository(executor).transactionOfRefund('refund', refundId);
    if (transactionId) await this.reverse(executor, transactionId);
  }

  /** The entries on a provider's account written in [since, until), with the line or refund each belongs to. */
  async providerEntriesBetween(provider: string, since: Date, until: Date): Promise<LedgerEntryRow[]> {
    return new LedgerRepository(this.db).entriesBetween(providerAccount(provider), since.toISOString(), until.toISOString());
  }

  /** Every entry on a provider's account that belongs to one of the disputes, whenever written: a dispute lasts weeks. */
  async providerEntriesOfDisputes(provider: string, disputeIds: readonly string[]): Promise<LedgerEntryRow[]> {
    return new LedgerRepository(this.db).entriesOfDisputes(providerAccount(provider), disputeIds);
  }

  /** What of the seller's earnings still matures (docs/decisions/0012), by the day each part becomes available. */
  maturingScheduleOf(sellerId: string, currency = DEFAULT_CURRENCY): Promise<Array<{ day: string; cents: number }>> {
    return new LedgerRepository(this.db).maturingByDay(sellerId, maturingAccount(sellerId), currency);
  }

  /** Sellers whose balance is below zero (refunds after a payout), the furthest first. */
  sellersBelowZero(limit: number): Promise<string[]> {
    return new LedgerRepository(this.db).sellersBelowZero(limit);
  }

  /** The account's balance as kept: one row, however long its history. */
  balanceOf(account: LedgerAccount, currency = DEFAULT_CURRENCY): Promise<number> {
    return new LedgerRepository(this.db).balanceOf(account, currency);
  }

  /** One page of the account's statement (newest first, running balance) and how many entries it has. */
  async statementOf(account: LedgerAccount, limit: number, offset: number, currency = DEFAULT_CURRENCY) {
    const ledger = new LedgerRepository(this.db);
    const [entries, total] = await Promise.all([ledger.statement(account, currency, limit, offset), ledger.entryCount(account, currency)]);
    return { entries, total };
  }

  /**
   * The accounts' balances as kept, each with what refunds and withdrawals moved of it (their
   * entries that carry a refund, or a withdrawal), in the order asked: one indexed read, however long their history.
   */
  async keptBalancesOf<const Accounts extends readonly LedgerAccount[]>(
    accounts: Accounts,
    currency = DEFAULT_CURRENCY,
  ): Promise<{ [Index in keyof Accounts]: KeptBalance }> {
    const kept = await new LedgerRepository(this.db).keptBalances(accounts, currency);
    // One row per account asked, in its place: the repository answers zeros for an account never moved.
    return kept as { [Index in keyof Accounts]: KeptBalance };
  }

  /**
   * The balance inside `executor`'s transaction, held until it ends, for a check-then-spend such as
   * a withdrawal: PostgreSQL locks the row; SQLite's transactions already hold the database's write lock.
   */
  lockedBalanceOf(executor: Kysely<Database>, account: LedgerAccount, currency = DEFAULT_CURRENCY): Promise<number> {
    return new LedgerRepository(executor).lockedBalanceOf(account, currency, this.dialect === 'postgres');
  }

  /**
   * What `npm run ledger -- check` and housekeeping prove: every transaction sums to zero, every
   * balance to its entries, and every paid line has its sale.
   */
  async check(): Promise<LedgerCheck> {
    const ledger = new LedgerRepository(this.db);
    const [unbalancedTransactions, balancesOff, linesWithoutSale] = await Promise.all([
      ledger.unbalancedTransactions(),
      ledger.balancesOffTheirEntries(),
      this.paidLinesWithoutSale(),
    ]);
    return { unbalancedTransactions, balancesOff, linesWithoutSale };
  }
}
