import type { LicenseType, WithdrawalStatus } from '@market/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, WithdrawalsTable } from '../../db/schema.js';

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type WithdrawalWithSellerRow = WithdrawalRow & { seller_name: string; seller_email: string };

/** A seller's money as stored, in cents. */
export interface StoredBalance {
  /** Licence prices of sold lines of the seller's products (before refunds). */
  earnings: number;
  /** Reskin prices of those lines that were bought with the reskin service. */
  reskinEarnings: number;
  pendingWithdrawals: number;
  withdrawn: number;
  /** Licence prices given back: ledger rows of their own, counted from the moment a refund is claimed. */
  refunded: number;
}

export interface WithdrawalFilter {
  userId?: string;
  status?: WithdrawalStatus;
}

export interface SaleRow {
  purchase_id: string;
  product_id: string;
  title: string | null;
  license_type: LicenseType;
  is_reskin: number;
  price_cents: number;
  reskin_price_cents: number;
  sold_at: string;
  refund_id: string | null;
}

export class WithdrawalsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Runs `work` in one transaction that no other balance-changing transaction of this seller can
   * interleave with: SQLite takes the database's write lock at BEGIN IMMEDIATE (so the balance read
   * happens under it, across processes too), PostgreSQL locks the seller's users row FOR NO KEY
   * UPDATE (it queues the seller's other withdrawals but not inserts that merely reference the row,
   * such as a new session or a purchase).
   */
  async withSellerLocked<T>(userId: string, work: (locked: WithdrawalsRepository) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') {
      return this.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
        return work(new WithdrawalsRepository(trx, this.dialect));
      });
    }
    return this.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(new WithdrawalsRepository(connection, this.dialect));
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }

  async balanceOf(userId: string): Promise<StoredBalance> {
    const sales = await this.db
      .selectFrom('purchase_lines')
      .innerJoin('products', 'products.id', 'purchase_lines.product_id')
      .where('products.user_id', '=', userId)
      .select([
        sql<number>`coalesce(sum(purchase_lines.price_cents), 0)`.as('earnings'),
        sql<number>`coalesce(sum(case when purchase_lines.is_reskin = 1 then purchase_lines.reskin_price_cents else 0 end), 0)`.as(
          'reskin',
        ),
      ])
      .executeTakeFirstOrThrow();
    const withdrawals = await this.db
      .selectFrom('withdrawals')
      .where('user_id', '=', userId)
      .select([
        sql<number>`coalesce(sum(case when status = 'Pending' then amount_cents else 0 end), 0)`.as('pending'),
        sql<number>`coalesce(sum(case when status = 'Success' then amount_cents else 0 end), 0)`.as('withdrawn'),
      ])
      .executeTakeFirstOrThrow();
    const refunds = await this.db
      .selectFrom('refunds')
      .where('seller_id', '=', userId)
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('refunded'))
      .executeTakeFirstOrThrow();
    return {
      refunded: Number(refunds.refunded),
      earnings: Number(sales.earnings),
      reskinEarnings: Number(sales.reskin),
      pendingWithdrawals: Number(withdrawals.pending),
      withdrawn: Number(withdrawals.withdrawn),
    };
  }

  recentSales(userId: string, limit: number): Promise<SaleRow[]> {
    return this.db
      .selectFrom('purchase_lines')
      .innerJoin('products', 'products.id', 'purchase_lines.product_id')
      .innerJoin('purchases', 'purchases.id', 'purchase_lines.purchase_id')
      .leftJoin('product_translations', (join) =>
        join.onRef('product_translations.product_id', '=', 'products.id').on('product_translations.language', '=', 'en'),
      )
      .leftJoin('refunds', 'refunds.purchase_line_id', 'purchase_lines.id')
      .where('products.user_id', '=', userId)
      .select([
        'refunds.id as refund_id',
        'purchase_lines.purchase_id',
        'purchase_lines.product_id',
        'product_translations.title',
        'purchase_lines.license_type',
        'purchase_lines.is_reskin',
        'purchase_lines.price_cents',
        'purchase_lines.reskin_price_cents',
        'purchases.created_at as sold_at',
      ])
      .orderBy('purchases.created_at', 'desc')
      .orderBy('purchase_lines.id')
      .limit(limit)
      .execute();
  }

  async insert(row: WithdrawalRow): Promise<void> {
    await this.db.insertInto('withdrawals').values(row).execute();
  }

  findById(id: string): Promise<WithdrawalRow | undefined> {
    return this.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(filter: WithdrawalFilter): Promise<WithdrawalWithSellerRow[]> {
    let query = this.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .selectAll('withdrawals')
      .select(['users.name as seller_name', 'users.email as seller_email']);
    if (filter.userId) query = query.where('withdrawals.user_id', '=', filter.userId);
    if (filter.status) query = query.where('withdrawals.status', '=', filter.status);
    return query.orderBy('withdrawals.created_at', 'desc').orderBy('withdrawals.id').execute();
  }

  /** Pending → Success, once: answers whether this call made the change. */
  async markPaid(id: string, paidAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('withdrawals')
      .set({ status: 'Success', paid_at: paidAt })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
