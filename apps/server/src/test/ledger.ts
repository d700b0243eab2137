import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Writes entries of transaction `transactionId` straight into the table, around the ledger service and
 * its balances, as a bug or a hand-edit would: what the ledger's check must find.
 */
export async function forgeLedgerEntries(
  db: Kysely<Database>,
  transactionId: string,
  entries: Array<{ account: string; amountCents: number; refundId?: string; withdrawalId?: string }>,
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values(
      entries.map(({ account, amountCents, refundId, withdrawalId }, index) => ({
        id: randomUUID(),
        transaction_id: transactionId,
        account,
        amount_cents: amountCents,
        currency: 'usd',
        kind: 'adjustment' as const,
        order_line_id: null,
        refund_id: refundId ?? null,
        withdrawal_id: withdrawalId ?? null,
        reverses_transaction_id: null,
        created_at: new Date().toISOString(),
        // Past any version the ledger gave out; a forger does not keep its balances either.
        account_version: Date.now() + index,
        balance_after_cents: amountCents,
      })),
    )
    .execute();
}
