import {
  centsToDollars,
  licenseTypeSchema,
  type Person,
  type PeopleQuery,
  type Purchaser,
  type PurchaserPurchase,
  type Seller,
  type SessionUser,
} from '@market/contracts';
import { forbidden, notFound } from '../../platform/errors.js';
import { PeopleRepository, type PersonRow } from './people.repository.js';
import { canListPeople } from './policies.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

type PageQuery = PeopleQuery;

/** A purchaser's detail shows this many of their latest purchases. */
const PURCHASES_SHOWN = 100;

function toPerson(row: PersonRow): Person {
  return { _id: row.id, name: row.name, email: row.email, number: row.number, role: row.role, createdAt: row.created_at };
}

export interface PeopleServiceDependencies {
  db: Kysely<Database>;
}

/** The admin's lists of all users, purchasers and sellers (docs/product-spec.md §2.9), paginated and searchable. */
export class PeopleService {
  private readonly people: PeopleRepository;

  constructor({ db }: PeopleServiceDependencies) {
    this.people = new PeopleRepository(db);
  }

  async users(actor: SessionUser, query: PageQuery): Promise<Page<Person>> {
    this.requireAdmin(actor);
    const { rows, total } = await this.people.users(this.pageRequest(query));
    return { items: rows.map(toPerson), total, page: query.page, pageSize: query.pageSize };
  }

  async purchasers(actor: SessionUser, query: PageQuery): Promise<Page<Purchaser>> {
    this.requireAdmin(actor);
    const { rows, total } = await this.people.purchasers(this.pageRequest(query));
    const items = rows.map((row) => ({
      ...toPerson(row),
      purchaseCount: row.purchase_count,
      totalSpent: centsToDollars(row.total_spent_cents),
      lastPurchaseAt: row.last_purchase_at,
    }));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async sellers(actor: SessionUser, query: PageQuery): Promise<Page<Seller>> {
    this.requireAdmin(actor);
    const { rows, total } = await this.people.sellers(this.pageRequest(query));
    const items = rows.map((row) => ({
      ...toPerson(row),
      productCount: row.product_count,
      salesCount: row.sales_count,
      earnings: centsToDollars(row.earnings_cents),
    }));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async purchasesOf(actor: SessionUser, userId: string): Promise<PurchaserPurchase[]> {
    this.requireAdmin(actor);
    if (!(await this.people.userExists(userId))) throw notFound('User not found');
    const purchases = new Map<string, PurchaserPurchase>();
    for (const line of await this.people.purchaseLinesOf(userId, PURCHASES_SHOWN)) {
      let purchase = purchases.get(line.purchase_id);
      if (!purchase) {
        purchase = {
          _id: line.purchase_id,
          amountPaid: centsToDollars(line.amount_paid_cents),
          transactionId: line.transaction_id,
          createdAt: line.created_at,
          products: [],
        };
        purchases.set(line.purchase_id, purchase);
      }
      purchase.products.push({
        productId: line.product_id,
        title: line.title ?? '',
        licenseType: licenseTypeSchema.parse(line.license_type),
        isReskin: line.reskin_price_cents !== null ? 'true' : 'false',
        price: centsToDollars(line.price_cents),
        licenceStatus: line.status,
        refundedAt: line.refunded_at,
      });
    }
    return [...purchases.values()];
  }

  private requireAdmin(actor: SessionUser): void {
    if (!canListPeople(actor)) throw forbidden('Only an admin can list people');
  }

  private pageRequest(query: PageQuery) {
    return { search: query.search, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  }
}
