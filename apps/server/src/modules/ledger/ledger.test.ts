import * as fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { forgeLedgerEntries } from '../../test/ledger.js';
import { type LedgerAccount, LedgerError, providerAccount, refundOf, sellerAccount, withdrawalRequestOf } from './index.js';

const SELLER = sellerAccount('seller-1');
const STRIPE = providerAccount('stripe');

describe('the ledger', () => {
  it('posts a sale as entries that sum to zero and moves both balances', async () => {
    const { db, services } = await buildTestApp();

    const transactionId = await db.transaction().execute((trx) =>
      services.ledger.post(trx, {
        kind: 'sale',
        postings: [
          { account: SELLER, amountCents: 1999 },
          { account: STRIPE, amountCents: -1999 },
        ],
        links: { orderLineId: 'line-1' },
      }),
    );

    const entries = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .orderBy('account')
      .execute();
    expect(entries.map((entry) => [entry.account, Number(entry.amount_cents), entry.kind, entry.order_line_id])).toEqual([
      [STRIPE, -1999, 'sale', 'line-1'],
      [SELLER, 1999, 'sale', 'line-1'],
    ]);
    expect(await services.ledger.balanceOf(SELLER)).toBe(1999);
    expect(await services.ledger.balanceOf(STRIPE)).toBe(-1999);
    expect(await services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('refuses a transaction that does not sum to zero, moves one account only or has a fraction of a cent, and writes nothing', async () => {
    const { db, services } = await buildTestApp();
    const post = (postings: Array<{ account: LedgerAccount; amountCents: number }>) =>
      db.transaction().execute((trx) => services.ledger.post(trx, { kind: 'sale', postings }));

    await expect(
      post([
        { account: SELLER, amountCents: 100 },
        { account: STRIPE, amountCents: -99 },
      ]),
    ).rejects.toThrow(LedgerError);
    await expect(
      post([
        { account: SELLER, amountCents: 100 },
        { account: SELLER, amountCents: -100 },
      ]),
    ).rejects.toThrow('moves money between two accounts at least');
    await expect(
      post([
        { account: SELLER, amountCents: 0.5 },
        { account: STRIPE, amountCents: -0.5 },
      ]),
    ).rejects.toThrow('whole number of cents');

    expect(
      await db
        .selectFrom('ledger_entries')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 0 });
    expect(await services.ledger.balanceOf(SELLER)).toBe(0);
  });

  it('keeps neither entries nor balances of an event whose own transaction fails after posting', async () => {
    const { db, services } = await buildTestApp();

    await expect(
      db.transaction().execute(async (trx) => {
        await services.ledger.post(trx, {
          kind: 'sale',
          postings: [
            { account: SELLER, amountCents: 500 },
            { account: STRIPE, amountCents: -500 },
          ],
        });
        throw new Error('the order could not be stored');
      }),
    ).rejects.toThrow('the order could not be stored');

    expect(await services.ledger.balanceOf(SELLER)).toBe(0);
    expect(await db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
  });

  it('undoes a transaction with a reversal that points at it, leaving both on the record', async () => {
    const { db, services } = await buildTestApp();
    const sale = await db.transaction().execute((trx) =>
      services.ledger.post(trx, {
        kind: 'sale',
        postings: [
          { account: SELLER, amountCents: 700 },
          { account: STRIPE, amountCents: -700 },
        ],
      }),
    );

    const reversal = await db.transaction().execute((trx) => services.ledger.reverse(trx, sale));

    const rows = await db.selectFrom('ledger_entries').selectAll().where('transaction_id', '=', reversal).orderBy('account').execute();
    expect(rows.map((row) => [row.account, Number(row.amount_cents), row.kind, row.reverses_transaction_id])).toEqual([
      [STRIPE, 700, 'reversal', sale],
      [SELLER, -700, 'reversal', sale],
    ]);
    expect(await services.ledger.balanceOf(SELLER)).toBe(0);
    expect(
      await db
        .selectFrom('ledger_entries')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 4 });
  });

  it('is append-only in the database itself: an update or a delete of an entry is refused', async () => {
    const { db, services } = await buildTestApp();
    await db.transaction().execute((trx) =>
      services.ledger.post(trx, {
        kind: 'sale',
        postings: [
          { account: SELLER, amountCents: 300 },
          { account: STRIPE, amountCents: -300 },
        ],
      }),
    );

    await expect(db.updateTable('ledger_entries').set({ amount_cents: 30_000 }).execute()).rejects.toThrow(
      'ledger entries are append-only',
    );
    await expect(db.deleteFrom('ledger_entries').execute()).rejects.toThrow('ledger entries are append-only');
    expect(await services.ledger.balanceOf(SELLER)).toBe(300);
  });

  it('finds entries written around it that do not balance, and a balance that left its entries', async () => {
    const { db, services } = await buildTestApp();
    await forgeLedgerEntries(db, 'forged', [
      { account: SELLER, amountCents: 10_000 },
      { account: STRIPE, amountCents: -1 },
    ]);

    const report = await services.ledger.check();

    expect(report.unbalancedTransactions).toEqual(['forged']);
    expect(report.balancesOff).toEqual(
      expect.arrayContaining([
        { account: SELLER, currency: 'usd', figure: 'balance', stored: 0, summed: 10_000 },
        { account: STRIPE, currency: 'usd', figure: 'balance', stored: 0, summed: -1 },
      ]),
    );
  });

  it('keeps what refunds and withdrawals moved on the balance row, and reads them there, never from the entries', async () => {
    const { db, services } = await buildTestApp();
    const post = (transaction: Parameters<typeof services.ledger.post>[1]) =>
      db.transaction().execute((trx) => services.ledger.post(trx, transaction));
    await post({
      kind: 'sale',
      postings: [
        { account: SELLER, amountCents: 10_000 },
        { account: STRIPE, amountCents: -10_000 },
      ],
      links: { orderLineId: 'line-1' },
    });
    await post(refundOf({ refundId: 'refund-1', lineId: 'line-1', sellerId: 'seller-1', provider: 'stripe', amountCents: 2_500 })!);
    await post(refundOf({ refundId: 'refund-2', lineId: 'line-1', sellerId: 'seller-1', provider: 'stripe', amountCents: 500 })!);
    await post(withdrawalRequestOf('withdrawal-1', 'seller-1', 4_000));
    // The provider refused the second refund: its reversal gives the money back, and takes it off the refunded part.
    await db.transaction().execute((trx) => services.ledger.reverseRefund(trx, 'refund-2'));

    expect(await services.ledger.keptBalancesOf([SELLER, STRIPE, sellerAccount('never-sold')])).toEqual([
      { balanceCents: 3_500, refundCents: -2_500, withdrawalCents: -4_000 },
      { balanceCents: -7_500, refundCents: 2_500, withdrawalCents: 0 },
      { balanceCents: 0, refundCents: 0, withdrawalCents: 0 },
    ]);
    expect(await services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });

    // Entries written around the service move no kept figure: the figures are read from the row, and the check finds the difference.
    await forgeLedgerEntries(db, 'forged', [
      { account: SELLER, amountCents: -700, refundId: 'refund-3' },
      { account: STRIPE, amountCents: 700, withdrawalId: 'withdrawal-2' },
    ]);
    expect((await services.ledger.keptBalancesOf([SELLER]))[0]).toEqual({
      balanceCents: 3_500,
      refundCents: -2_500,
      withdrawalCents: -4_000,
    });
    expect((await services.ledger.check()).balancesOff).toEqual(
      expect.arrayContaining([
        { account: SELLER, currency: 'usd', figure: 'balance', stored: 3_500, summed: 2_800 },
        { account: SELLER, currency: 'usd', figure: 'refunds', stored: -2_500, summed: -3_200 },
        { account: STRIPE, currency: 'usd', figure: 'withdrawals', stored: 0, summed: 700 },
      ]),
    );
  });

  it('keeps every balance equal to its entries through transactions posted at once over the same accounts', async () => {
    const { db, services } = await buildTestApp();
    const accounts: LedgerAccount[] = [SELLER, sellerAccount('seller-2'), STRIPE, 'platform:fees', 'payouts:pending'];
    const posting = fc.record({ account: fc.constantFrom(...accounts), amountCents: fc.integer({ min: -50_000, max: 50_000 }) });
    // Two to four postings and one more that brings the sum back to zero, on another account.
    const transaction = fc
      .tuple(fc.array(posting, { minLength: 1, maxLength: 3 }), fc.constantFrom(...accounts))
      .map(([postings, closing]) => [
        ...postings,
        { account: closing, amountCents: -postings.reduce((sum, each) => sum + each.amountCents, 0) },
      ]);
    const model = new Map<string, number>();

    await fc.assert(
      fc.asyncProperty(fc.array(transaction, { minLength: 1, maxLength: 8 }), async (batch) => {
        const outcomes = await Promise.allSettled(
          batch.map((postings) => db.transaction().execute((trx) => services.ledger.post(trx, { kind: 'adjustment', postings }))),
        );
        // Only a transaction that nets to nothing on fewer than two accounts is refused, and it changes nothing.
        const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
        expect(refusals.filter((reason) => !(reason instanceof LedgerError))).toEqual([]);
        outcomes.forEach((outcome, index) => {
          if (outcome.status === 'rejected') return;
          for (const { account, amountCents } of batch[index]!) model.set(account, (model.get(account) ?? 0) + amountCents);
        });
        for (const account of accounts) expect(await services.ledger.balanceOf(account)).toBe(model.get(account) ?? 0);
      }),
      { numRuns: 25 },
    );

    expect(await services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });
});
