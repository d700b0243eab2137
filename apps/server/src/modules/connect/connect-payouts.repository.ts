import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ConnectPayoutsTable, ConnectTransferReversalsTable, Database } from '../../db/schema.js';

export type ConnectPayoutRow = Selectable<ConnectPayoutsTable>;
export type TransferReversalRow = Selectable<ConnectTransferReversalsTable>;

/** Payouts through Connect (`connect_payouts`); no rule lives here. */
export class ConnectPayoutsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<ConnectPayoutsTable>): Promise<void> {
    await this.db.insertInto('connect_payouts').values(row).execute();
  }

  /** Ends a claim as sent or refused; false when it was no longer a claim (another attempt ended it). */
  async finish(
    id: string,
    outcome: { status: 'transferred'; transferId: string } | { status: 'failed'; failure: string },
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('connect_payouts')
      .set({
        status: outcome.status,
        transfer_id: outcome.status === 'transferred' ? outcome.transferId : null,
        failure: outcome.status === 'failed' ? outcome.failure : null,
        finished_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'claimed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The seller's newest sent payout that has something left to take back. */
  async newestReversible(sellerId: string): Promise<ConnectPayoutRow | undefined> {
    return this.db
      .selectFrom('connect_payouts')
      .selectAll()
      .where('seller_id', '=', sellerId)
      .where('status', '=', 'transferred')
      .whereRef('reversed_cents', '<', 'amount_cents')
      .orderBy('claimed_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Records `cents` more taken back from the payout, unless another attempt recorded it since (false). */
  async takeBack(id: string, reversedBefore: number, cents: number): Promise<boolean> {
    const result = await this.db
      .updateTable('connect_payouts')
      .set({ reversed_cents: reversedBefore + cents })
      .where('id', '=', id)
      .where('reversed_cents', '=', reversedBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  byId(id: string): Promise<ConnectPayoutRow | undefined> {
    return this.db.selectFrom('connect_payouts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The payout Stripe sent as this transfer. */
  byTransferId(transferId: string): Promise<ConnectPayoutRow | undefined> {
    return this.db.selectFrom('connect_payouts').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
  }

  async insertReversal(row: TransferReversalRow): Promise<void> {
    await this.db.insertInto('connect_transfer_reversals').values(row).execute();
  }

  /** Whether the reversal with Stripe's id was recorded already. */
  async hasReversal(id: string): Promise<boolean> {
    return (await this.db.selectFrom('connect_transfer_reversals').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Claims made before `before` that are still claims: an attempt that died between Stripe and us. */
  async quietClaims(before: string, limit: number): Promise<ConnectPayoutRow[]> {
    return this.db
      .selectFrom('connect_payouts')
      .selectAll()
      .where('status', '=', 'claimed')
      .where('claimed_at', '<', before)
      .orderBy('claimed_at')
      .limit(limit)
      .execute();
  }

  /** When the seller's last payout that was not refused was claimed. */
  async lastPaidAt(sellerId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('connect_payouts')
      .select('claimed_at')
      .where('seller_id', '=', sellerId)
      .where('status', '!=', 'failed')
      .orderBy('claimed_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.claimed_at ?? null;
  }

  async transferIdsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('connect_payouts')
      .select(['id', 'transfer_id'])
      .where('id', 'in', ids)
      .where('transfer_id', 'is not', null)
      .execute();
    return new Map(rows.flatMap((row) => (row.transfer_id ? [[row.id, row.transfer_id] as const] : [])));
  }

  async ofSeller(sellerId: string, limit: number): Promise<ConnectPayoutRow[]> {
    return this.db
      .selectFrom('connect_payouts')
      .selectAll()
      .where('seller_id', '=', sellerId)
      .orderBy('claimed_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Sellers whose accounts Stripe lets the platform transfer to. */
  async sellersWhoCanReceive(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('payout_accounts')
      .select('seller_id')
      .where('payouts_enabled', '=', 1)
      .where('transfers_active', '=', 1)
      .where('disabled_reason', 'is', null)
      .execute();
    return rows.map((row) => row.seller_id);
  }
}
