import type { LicenceStatus, Role } from '@market/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { netEarningsOfSeller } from '../ledger/index.js';
import { soldLicences } from '../licences/index.js';
import { boughtBy, reskinQuotedWith, soldOrders, unitsSoldBy } from '../orders/index.js';
import type { Database } from '../../db/schema.js';

export interface PageRequest {
  search: string;
  limit: number;
  offset: number;
}

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  number: string;
  role: Role;
  created_at: string;
}

export interface PurchaserRow extends PersonRow {
  purchase_count: number;
  total_spent_cents: number;
  last_purchase_at: string;
}

export interface SellerRow extends PersonRow {
  product_count: number;
  sales_count: number;
  earnings_cents: number;
}

export interface PurchaseLineRow {
  purchase_id: string;
  amount_paid_cents: number;
  transaction_id: string;
  created_at: string;
  product_id: string;
  title: string | null;
  license_type: string;
  /** The reskin quoted with the licence, or null when none was asked for. */
  reskin_price_cents: number | null;
  price_cents: number;
  status: LicenceStatus;
  /** The line's refund, done or under way; null when it was never refunded. */
  refunded_at: string | null;
}

const PERSON_COLUMNS = ['users.id', 'users.name', 'users.email', 'users.number', 'users.role', 'users.created_at'] as const;

/** LIKE pattern for "contains", with the wildcards of the text itself taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name or email contains the search text, case-insensitively (the email key is stored lower-cased). */
function matchesSearch(search: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const pattern = containsPattern(search);
    return eb.or([
      eb(sql`lower(users.name)`, 'like', sql`${pattern} escape '\\'`),
      eb('users.email_key', 'like', sql<string>`${pattern} escape '\\'`),
    ]);
  };
}

/** The admin's people lists; secrets (password hashes, sessions) are never selected. */
export class PeopleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async users({ search, limit, offset }: PageRequest): Promise<{ rows: PersonRow[]; total: number }> {
    let base = this.db.selectFrom('users');
    if (search) base = base.where(matchesSearch(search));
    const rows = await base
      .select(PERSON_COLUMNS)
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(total.total) };
  }

  async purchasers({ search, limit, offset }: PageRequest): Promise<{ rows: PurchaserRow[]; total: number }> {
    let base = this.db.selectFrom('users').where(sql<boolean>`${boughtBy('users.id', 'orders')} > 0`);
    if (search) base = base.where(matchesSearch(search));
    const rows = await base
      .select(PERSON_COLUMNS)
      .select([
        boughtBy('users.id', 'orders').as('purchase_count'),
        boughtBy('users.id', 'cents').as('total_spent_cents'),
        boughtBy('users.id', 'last').as('last_purchase_at'),
      ])
      .orderBy('last_purchase_at', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return {
      rows: rows.map((row) => ({
        ...row,
        purchase_count: Number(row.purchase_count),
        total_spent_cents: Number(row.total_spent_cents),
        last_purchase_at: String(row.last_purchase_at),
      })),
      total: Number(total.total),
    };
  }

  async sellers({ search, limit, offset }: PageRequest): Promise<{ rows: SellerRow[]; total: number }> {
    let base = this.db
      .selectFrom('users')
      .where((eb) => eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.user_id', '=', 'users.id')));
    if (search) base = base.where(matchesSearch(search));
    const rows = await base
      .select(PERSON_COLUMNS)
      .select((eb) => [
        eb
          .selectFrom('products')
          .whereRef('products.user_id', '=', 'users.id')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .as('product_count'),
        unitsSoldBy('users.id').as('sales_count'),
        // The same figure as the seller's own earnings page (docs/decisions/0008): refunds taken off.
        netEarningsOfSeller(sql.ref('users.id')).as('earnings_cents'),
      ])
      .orderBy('earnings_cents', 'desc')
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return {
      rows: rows.map((row) => ({
        ...row,
        product_count: Number(row.product_count),
        sales_count: Number(row.sales_count),
        earnings_cents: Number(row.earnings_cents),
      })),
      total: Number(total.total),
    };
  }

  async userExists(id: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** The lines of a buyer's latest purchases, newest purchase first. */
  async purchaseLinesOf(userId: string, purchaseLimit: number): Promise<PurchaseLineRow[]> {
    const latest = await soldOrders(this.db)
      .select('o.id')
      .where('o.buyer_id', '=', userId)
      .orderBy('o.paid_at', 'desc')
      .orderBy('o.id')
      .limit(purchaseLimit)
      .execute();
    if (latest.length === 0) return [];
    const rows = await soldLicences(this.db)
      .leftJoin('product_translations', (join) =>
        join.onRef('product_translations.product_id', '=', 'l.product_id').on('product_translations.language', '=', 'en'),
      )
      .leftJoin('refunds', 'refunds.purchase_line_id', 'l.id')
      .where(
        'o.id',
        'in',
        latest.map((row) => row.id),
      )
      .select([
        'o.id as purchase_id',
        'o.total_cents as amount_paid_cents',
        'o.provider_intent_id as transaction_id',
        'o.paid_at',
        'l.product_id',
        'product_translations.title',
        'l.license_type',
        'l.paid_cents as price_cents',
        'c.status',
        'refunds.created_at as refunded_at',
      ])
      .select(reskinQuotedWith('l').as('reskin_price_cents'))
      .orderBy('o.paid_at', 'desc')
      .orderBy('o.id')
      .orderBy('l.id')
      .execute();
    return rows.map(({ paid_at, ...row }) => ({ ...row, created_at: paid_at ?? '' }));
  }
}
