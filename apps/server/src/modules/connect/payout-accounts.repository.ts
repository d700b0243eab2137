import type { Kysely, Selectable } from 'kysely';
import type { Database, PayoutAccountsTable } from '../../db/schema.js';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

/** What Stripe says of an account, as stored. */
export type PayoutAccountFields = Pick<
  PayoutAccountRow,
  'details_submitted' | 'charges_enabled' | 'transfers_active' | 'payouts_enabled' | 'requirements_due' | 'disabled_reason'
>;

/** Sellers' Stripe accounts (`payout_accounts`); no rule lives here. */
export class PayoutAccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async ofSeller(sellerId: string): Promise<PayoutAccountRow | undefined> {
    return this.db.selectFrom('payout_accounts').selectAll().where('seller_id', '=', sellerId).executeTakeFirst();
  }

  async ofStripeAccount(stripeAccountId: string): Promise<PayoutAccountRow | undefined> {
    return this.db.selectFrom('payout_accounts').selectAll().where('stripe_account_id', '=', stripeAccountId).executeTakeFirst();
  }

  /**
   * Stores the seller's account unless one is stored already (a concurrent request stored it first).
   * No conflict target: two requests of one seller store the same Stripe account, and PostgreSQL
   * raises a unique violation on an index that is not the target when the other commits first.
   */
  async insertIfAbsent(row: PayoutAccountRow): Promise<void> {
    await this.db
      .insertInto('payout_accounts')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /** The account's state becomes `fields`; answers whether a row changed. */
  async update(stripeAccountId: string, fields: PayoutAccountFields, updatedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payout_accounts')
      .set({ ...fields, updated_at: updatedAt })
      .where('stripe_account_id', '=', stripeAccountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
