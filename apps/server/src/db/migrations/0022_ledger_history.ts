import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

interface Entry {
  id: string;
  transaction_id: string;
  account: string;
  amount_cents: number;
  currency: string;
  kind: string;
  order_line_id: string | null;
  refund_id: string | null;
  withdrawal_id: string | null;
  reverses_transaction_id: null;
  created_at: string;
}

const newId = () => randomBytes(12).toString('hex');
// The withdrawal fee of docs/product-spec.md §9 as it stood when this history was written.
const payoutAfterFee = (cents: number) => Math.round((cents * 92) / 100);

/** One ledger transaction's entries, leaving out postings of nothing. */
function transaction(
  kind: string,
  at: string,
  links: Pick<Entry, 'order_line_id' | 'refund_id' | 'withdrawal_id'>,
  postings: Array<[string, number]>,
): Entry[] {
  const transactionId = newId();
  return postings
    .filter(([, cents]) => cents !== 0)
    .map(([account, amountCents]) => ({
      id: newId(),
      transaction_id: transactionId,
      account,
      amount_cents: amountCents,
      currency: 'usd',
      kind,
      ...links,
      reverses_transaction_id: null,
      created_at: at,
    }));
}

const noLinks = { order_line_id: null, refund_id: null, withdrawal_id: null };

/**
 * The ledger (docs/decisions/0008) written for the history kept before it: every sold line, every
 * refund (claimed or done: the old balance counted both) and every withdrawal request and payout,
 * dated when they happened, with each account's balance summed from them. A sale is credited to
 * the product's owner, as the old balance formula did. Rows already in the ledger are left alone.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('ledger_entries_account_kind').on('ledger_entries').columns(['account', 'kind']).execute();
  await db.schema.createIndex('ledger_entries_order_line').on('ledger_entries').column('order_line_id').execute();
  await db.schema.createIndex('ledger_entries_refund').on('ledger_entries').column('refund_id').execute();
  await db.schema.createIndex('ledger_entries_withdrawal').on('ledger_entries').column('withdrawal_id').execute();

  const entries: Entry[] = [];
  const sold = await db
    .selectFrom('purchase_lines as l')
    .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
    .innerJoin('payments as pay', 'pay.id', 'p.payment_id')
    .innerJoin('products as pr', 'pr.id', 'l.product_id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ledger_entries as e').select('e.id').whereRef('e.order_line_id', '=', 'l.id'))))
    .select(['l.id', 'l.price_cents', 'l.is_reskin', 'l.reskin_price_cents', 'pr.user_id as seller_id', 'pay.provider', 'p.created_at'])
    .execute();
  for (const line of sold) {
    const paid = Number(line.price_cents);
    const reskin = Number(line.is_reskin) === 1 ? Number(line.reskin_price_cents) : 0;
    entries.push(
      ...transaction('sale', line.created_at, { ...noLinks, order_line_id: line.id }, [
        [`seller:${line.seller_id}`, paid],
        [`provider:${line.provider}`, -paid],
        [`reskin:${line.seller_id}`, reskin],
        ['receivable:reskin', -reskin],
      ]),
    );
  }

  const refunds = await db
    .selectFrom('refunds as r')
    .innerJoin('purchases as p', 'p.id', 'r.purchase_id')
    .innerJoin('payments as pay', 'pay.id', 'p.payment_id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ledger_entries as e').select('e.id').whereRef('e.refund_id', '=', 'r.id'))))
    .select(['r.id', 'r.purchase_line_id', 'r.seller_id', 'r.amount_cents', 'r.created_at', 'pay.provider'])
    .execute();
  for (const refund of refunds) {
    const cents = Number(refund.amount_cents);
    entries.push(
      ...transaction('refund', refund.created_at, { ...noLinks, order_line_id: refund.purchase_line_id, refund_id: refund.id }, [
        [`seller:${refund.seller_id}`, -cents],
        [`provider:${refund.provider}`, cents],
      ]),
    );
  }

  const withdrawals = await db
    .selectFrom('withdrawals as w')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ledger_entries as e').select('e.id').whereRef('e.withdrawal_id', '=', 'w.id'))))
    .select(['w.id', 'w.user_id', 'w.amount_cents', 'w.status', 'w.created_at', 'w.paid_at'])
    .execute();
  for (const withdrawal of withdrawals) {
    const cents = Number(withdrawal.amount_cents);
    const payout = payoutAfterFee(cents);
    const links = { ...noLinks, withdrawal_id: withdrawal.id };
    entries.push(
      ...transaction('withdrawal', withdrawal.created_at, links, [
        [`seller:${withdrawal.user_id}`, -cents],
        ['payouts:pending', payout],
        ['platform:fees', cents - payout],
      ]),
    );
    if (withdrawal.status === 'Success') {
      entries.push(
        ...transaction('payout', withdrawal.paid_at ?? withdrawal.created_at, links, [
          ['payouts:pending', -payout],
          ['payouts:paypal', payout],
        ]),
      );
    }
  }

  // Each transaction's two to four postings are one statement's rows at most: batches stay under SQLite's variable limit.
  for (let start = 0; start < entries.length; start += 500) {
    await db
      .insertInto('ledger_entries')
      .values(entries.slice(start, start + 500))
      .execute();
  }

  await rebuildBalances(db);
}

/**
 * Every balance, summed again from all the entries (the new and any written before): equal by
 * construction. Exported for the benchmark (bench/ledger.mjs), which builds its history the same way.
 */
export async function rebuildBalances(db: AnyDb): Promise<void> {
  const now = new Date().toISOString();
  await db.deleteFrom('ledger_balances').execute();
  await db
    .insertInto('ledger_balances')
    .columns(['account', 'currency', 'balance_cents', 'version', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('ledger_entries')
        .select([
          'account',
          'currency',
          sql`sum(amount_cents)`.as('balance_cents'),
          sql`count(*)`.as('version'),
          sql.lit(now).as('updated_at'),
        ])
        .groupBy(['account', 'currency']),
    )
    .execute();
}

/** The entries stay: a ledger is append-only, and the code before this migration never reads them. */
export async function down(db: AnyDb): Promise<void> {
  for (const index of ['ledger_entries_account_kind', 'ledger_entries_order_line', 'ledger_entries_refund', 'ledger_entries_withdrawal']) {
    await db.schema.dropIndex(index).execute();
  }
}
