import {
  centsToDollars,
  type ProductSale,
  SALE_PRICE_RISE_DAYS,
  type SaleEvent,
  type SaleEventBody,
  type SaleEventState,
  salePriceCents,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type PriceHistoryRow, priceHistoryOf } from '../products/index.js';
import { managesSale } from './policies.js';
import { type RunningSaleRow, runningSalesOf, SalesRepository, type SaleRow } from './sales.repository.js';

/** A sale may be set to start a little in the past: "now" as the seller's form sent it a moment ago. */
const START_GRACE_MS = 5 * 60_000;
const WINDOW_MS = SALE_PRICE_RISE_DAYS * DAY_MS;

interface Prices {
  single: number;
  multi: number;
}

const day = (iso: string) => iso.slice(0, 10);

/** A sale running now, as a product read carries it (docs/decisions/0009 "Sales"). */
export function productSaleOf(sale: RunningSaleRow, listed: { singleCents: number; multiCents: number }): ProductSale {
  return {
    percent: Number(sale.percent),
    startsAt: sale.starts_at,
    endsAt: sale.ends_at,
    singleAppLicense: centsToDollars(salePriceCents(listed.singleCents, Number(sale.percent))),
    multiAppLicense: centsToDollars(salePriceCents(listed.multiCents, Number(sale.percent))),
    lowestIn30Days: {
      singleAppLicense: centsToDollars(Number(sale.lowest_single_cents)),
      multiAppLicense: centsToDollars(Number(sale.lowest_multi_cents)),
    },
  };
}

export interface SalesServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  /** Product reads carry the running sale: they are dropped when one starts, ends or changes. */
  catalogue: { changed(): void };
}

/** Sellers' sales: a percent off some products for a period, on prices that were real (docs/decisions/0009 "Sales"). */
export class SalesService {
  private readonly db: Kysely<Database>;
  private readonly sales: SalesRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly catalogue: { changed(): void };
  private checkedUntil: string;

  constructor({ db, inTransaction, clock, catalogue }: SalesServiceDependencies) {
    this.db = db;
    this.sales = new SalesRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.catalogue = catalogue;
    this.checkedUntil = clock.now().toISOString();
  }

  async list(actor: SessionUser): Promise<SaleEvent[]> {
    const sales = await this.sales.ofSeller(actor._id);
    const products = await this.sales.productsOf(sales.map((sale) => sale.id));
    const now = this.clock.now().toISOString();
    return sales.map((sale) => ({
      _id: sale.id,
      percent: Number(sale.percent),
      startsAt: sale.starts_at,
      endsAt: sale.ends_at,
      state: stateOf(sale, now),
      products: products
        .filter((product) => product.sale_id === sale.id)
        .map((product) => ({
          productId: product.product_id,
          title: product.title,
          singleAppLicense: centsToDollars(Number(product.single_app_license_cents)),
          multiAppLicense: centsToDollars(Number(product.multi_app_license_cents)),
          saleSingleAppLicense: centsToDollars(salePriceCents(Number(product.single_app_license_cents), Number(sale.percent))),
          saleMultiAppLicense: centsToDollars(salePriceCents(Number(product.multi_app_license_cents), Number(sale.percent))),
          lowestIn30Days: {
            singleAppLicense: centsToDollars(Number(product.lowest_single_cents)),
            multiAppLicense: centsToDollars(Number(product.lowest_multi_cents)),
          },
        })),
      createdAt: sale.created_at,
    }));
  }

  /**
   * A sale on the seller's own products. Refused when it would start within 30 days of a price
   * rise on one of them (its struck-through price would not have been the price), or overlap a
   * sale already on one of them. Each product keeps the lowest price of the 30 days before the start.
   */
  async create(actor: SessionUser, body: SaleEventBody): Promise<SaleEvent> {
    const now = this.clock.now();
    if (Date.parse(body.startsAt) < now.getTime() - START_GRACE_MS) throw badRequest('A sale cannot start in the past', 'startsAt');
    const owned = await this.sales.ownProducts(actor._id, body.productIds);
    if (owned.length !== body.productIds.length) throw badRequest('A sale can hold only your own products', 'productIds');
    const startsAt = new Date(Math.max(Date.parse(body.startsAt), now.getTime())).toISOString();
    const windowStart = new Date(Date.parse(startsAt) - WINDOW_MS).toISOString();

    const overlapping = await this.sales.overlapping(body.productIds, startsAt, body.endsAt);
    if (overlapping.length > 0) {
      const title = owned.find((product) => product.id === overlapping[0]!.product_id)?.title ?? 'A product';
      throw conflict(
        `"${title}" is already in a sale from ${day(overlapping[0]!.starts_at)} to ${day(overlapping[0]!.ends_at)}`,
        'productIds',
      );
    }
    const history = await priceHistoryOf(this.db, body.productIds, startsAt);
    const earlierSales = await this.sales.overlapping(body.productIds, windowStart, startsAt);
    const rows = owned.map((product) => {
      const listed = { single: Number(product.single_app_license_cents), multi: Number(product.multi_app_license_cents) };
      const own = history.filter((row) => row.product_id === product.id);
      const rise = lastRiseSince(own, windowStart);
      if (rise) {
        const from = new Date(Date.parse(rise) + WINDOW_MS).toISOString();
        throw badRequest(
          `The price of "${product.title ?? 'a product'}" was raised on ${day(rise)}; a sale on it can start from ${day(from)}`,
          'startsAt',
        );
      }
      const lowest = lowestPrices(
        own,
        earlierSales.filter((sale) => sale.product_id === product.id),
        listed,
        windowStart,
      );
      return { sale_id: '', product_id: product.id, lowest_single_cents: lowest.single, lowest_multi_cents: lowest.multi };
    });

    const id = newId();
    const nowIso = now.toISOString();
    await this.inTransaction(async (trx, afterCommit) => {
      await new SalesRepository(trx).insert(
        {
          id,
          seller_id: actor._id,
          percent: body.percent,
          starts_at: startsAt,
          ends_at: body.endsAt,
          created_at: nowIso,
          updated_at: nowIso,
        },
        rows.map((row) => ({ ...row, sale_id: id })),
      );
      if (startsAt <= nowIso) afterCommit(() => this.catalogue.changed());
    });
    const [created] = (await this.list(actor)).filter((sale) => sale._id === id);
    return created!;
  }

  /** A scheduled sale is deleted; a running one ends now (it stays, as it was, for the 30-day lowest prices); an ended one stays. */
  async remove(actor: SessionUser, id: string): Promise<'deleted' | 'ended'> {
    const sale = await this.sales.findById(id);
    if (!sale) throw notFound('No such sale');
    if (!managesSale(actor, sale)) throw forbidden('This sale is not yours');
    const now = this.clock.now().toISOString();
    const state = stateOf(sale, now);
    if (state === 'ended') throw conflict('This sale has ended already');
    await this.inTransaction(async (trx, afterCommit) => {
      const sales = new SalesRepository(trx);
      // A sale that began this very moment has had no buyer: nothing to keep.
      if (state === 'scheduled' || sale.starts_at === now) await sales.remove(id);
      else {
        await sales.end(id, now);
        afterCommit(() => this.catalogue.changed());
      }
    });
    return state === 'scheduled' || sale.starts_at === now ? 'deleted' : 'ended';
  }

  /** When the sale scheduled or running on the product ends; null when there is none. Read through `db` when given (a transaction). */
  heldUntil(productId: string, db?: Kysely<Database>): Promise<string | null> {
    return (db ? new SalesRepository(db) : this.sales).heldUntil(productId, this.clock.now().toISOString());
  }

  /** The sale running now on each of the products, priced from their listed prices. */
  async pricesOn(products: ReadonlyArray<{ id: string; singleCents: number; multiCents: number }>): Promise<Map<string, ProductSale>> {
    const running = await runningSalesOf(
      this.db,
      products.map((product) => product.id),
      this.clock.now().toISOString(),
    );
    const listed = new Map(products.map((product) => [product.id, product]));
    return new Map(running.map((sale) => [sale.product_id, productSaleOf(sale, listed.get(sale.product_id)!)]));
  }

  /**
   * Drops the product reads when a sale started or ended since the last look: a sale begins and
   * ends by the clock, with no write to drop them. Run every few seconds on every instance.
   */
  async noticeStartsAndEnds(): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const changed = await this.sales.changedBetween(this.checkedUntil, now);
    this.checkedUntil = now;
    if (changed) this.catalogue.changed();
    return changed;
  }
}

function stateOf(sale: SaleRow, nowIso: string): SaleEventState {
  if (sale.ends_at <= nowIso) return 'ended';
  return sale.starts_at > nowIso ? 'scheduled' : 'running';
}

/** When a row raised either licence's price above the row before it, since `sinceIso`; null when none did. */
function lastRiseSince(history: readonly PriceHistoryRow[], sinceIso: string): string | null {
  let rise: string | null = null;
  for (let index = 1; index < history.length; index++) {
    const [before, after] = [history[index - 1]!, history[index]!];
    const raised =
      Number(after.single_app_license_cents) > Number(before.single_app_license_cents) ||
      Number(after.multi_app_license_cents) > Number(before.multi_app_license_cents);
    if (raised && after.from_at > sinceIso) rise = after.from_at;
  }
  return rise;
}

/**
 * The lowest price of each licence in force at any moment of the window (from `windowStart` to the
 * sale's start): the listed prices then, and earlier sales' prices on them. Without a history (a
 * product older than it), today's prices.
 */
function lowestPrices(
  history: readonly PriceHistoryRow[],
  earlierSales: ReadonlyArray<{ percent: number; starts_at: string }>,
  listed: Prices,
  windowStart: string,
): Prices {
  const inForce = history.filter(
    (row, index) => row.from_at > windowStart || history[index + 1]?.from_at === undefined || history[index + 1]!.from_at > windowStart,
  );
  const prices: Prices[] = inForce.length
    ? inForce.map((row) => ({ single: Number(row.single_app_license_cents), multi: Number(row.multi_app_license_cents) }))
    : [listed];
  // A product's prices do not change while a sale on it is scheduled or running: an earlier sale ran on the prices in force at its start.
  const priceAt = (iso: string) =>
    history.toReversed().find((row) => row.from_at <= iso) ?? {
      single_app_license_cents: listed.single,
      multi_app_license_cents: listed.multi,
    };
  for (const sale of earlierSales) {
    const base = priceAt(sale.starts_at > windowStart ? sale.starts_at : windowStart);
    prices.push({
      single: salePriceCents(Number(base.single_app_license_cents), Number(sale.percent)),
      multi: salePriceCents(Number(base.multi_app_license_cents), Number(sale.percent)),
    });
  }
  return { single: Math.min(...prices.map((price) => price.single)), multi: Math.min(...prices.map((price) => price.multi)) };
}
