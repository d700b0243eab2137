import {
  type AnalyticsFigures,
  type AnalyticsQuery,
  DIRECT_REFERRER_LABEL,
  type SellerAnalytics,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { canSeeAnalyticsOf } from './policies.js';
import { AnalyticsRecorder } from './recorder.js';

/** The releases of products and how many buyers downloaded each, as the releases and purchases modules answer. */
export interface ReleaseFacts {
  approvedOf(
    productIds: readonly string[],
  ): Promise<Array<{ id: string; product_id: string; version: string; published_at: string | null }>>;
  downloadersOf(releaseIds: readonly string[]): Promise<Map<string, number>>;
}

export interface AnalyticsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  catalogue: { isPublic(productId: string): Promise<boolean> };
  releases: ReleaseFacts;
}

type Counts = Omit<AnalyticsFigures, 'conversion'>;
const zero = (): Counts => ({ views: 0, carts: 0, checkouts: 0, sales: 0, refunds: 0, revenueCents: 0 });
const withConversion = (counts: Counts): AnalyticsFigures => ({
  ...counts,
  // Sales are read from every order, views counted only since counting began and once per visitor
  // and hour: more sales than views says nothing about a rate, so none is given rather than 300 %.
  conversion: counts.views === 0 || counts.sales > counts.views ? null : Math.round((counts.sales / counts.views) * 10_000) / 10_000,
});
const csvPercent = (conversion: number | null) => (conversion === null ? '' : (conversion * 100).toFixed(2));
const add = (into: Counts, from: Partial<Counts>) => {
  for (const key of Object.keys(from) as Array<keyof Counts>) into[key] += from[key] ?? 0;
};

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

const dollarText = (cents: number) => `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;

/**
 * Seller analytics (docs/decisions/0020): the storefront's views, carts and checkouts counted in
 * memory and rolled up per product, day and referrer; sales from the orders, refunds and revenue
 * from the ledger, so the revenue is the statement's.
 */
export class AnalyticsService {
  readonly recorder: AnalyticsRecorder;
  private readonly analytics: AnalyticsRepository;
  private readonly catalogue: AnalyticsServiceDependencies['catalogue'];
  private readonly releases: ReleaseFacts;

  constructor({ db, inTransaction, clock, catalogue, releases }: AnalyticsServiceDependencies) {
    this.analytics = new AnalyticsRepository(db);
    this.catalogue = catalogue;
    this.releases = releases;
    // One transaction per flush: the batch is stored whole or kept whole for the next one.
    this.recorder = new AnalyticsRecorder((rows) => inTransaction((trx) => new AnalyticsRepository(trx).addCounts(rows)), clock);
  }

  /** A counted view (views counts one per visitor, product and hour). */
  viewed(productId: string, referrer: string | null): void {
    this.recorder.record('views', productId, referrer);
  }

  /** An approved product put in a cart; 404 for anything else, so nobody counts events on a product nobody can buy. */
  async cartAdded(productId: string, referrer: string | null): Promise<void> {
    if (!(await this.catalogue.isPublic(productId))) throw notFound('Product not found');
    this.recorder.record('carts', productId, referrer);
  }

  /** A checkout opened for these products (one count per product, however many lines). */
  checkoutStarted(productIds: readonly string[], referrer: string | null): void {
    for (const productId of new Set(productIds)) this.recorder.record('checkouts', productId, referrer);
  }

  flush(): Promise<void> {
    return this.recorder.flush();
  }

  /** The products the page offers to choose from. */
  async products(actor: SessionUser): Promise<Array<{ _id: string; title: string }>> {
    const products = await this.analytics.productsOf(actor._id);
    return products.map((product) => ({ _id: product.id, title: product.title ?? '' }));
  }

  async report(actor: SessionUser, { from, to, productId }: AnalyticsQuery): Promise<SellerAnalytics> {
    const products = await this.productsInScope(actor, productId);
    const ids = products.map((product) => product.id);
    // What this instance counted is stored before it is read: the page is never a flush behind.
    await this.flush();
    const [counts, sales, ledger, releases] = await Promise.all([
      this.analytics.counts(ids, from, to),
      this.analytics.sales(actor._id, ids, from, to),
      this.analytics.ledger(actor._id, ids, from, to),
      this.releases.approvedOf(ids),
    ]);
    const downloaders = await this.releases.downloadersOf(releases.map((release) => release.id));

    const totals = zero();
    const byDay = new Map(daysOf(from, to).map((day) => [day, zero()]));
    const byProduct = new Map(ids.map((id) => [id, zero()]));
    const byReferrer = new Map<string, { views: number; carts: number; sales: number }>();
    const referrerOf = (referrer: string | null) => {
      const key = referrer ?? '';
      let row = byReferrer.get(key);
      if (!row) byReferrer.set(key, (row = { views: 0, carts: 0, sales: 0 }));
      return row;
    };
    const count = (product: string, day: string, figures: Partial<Counts>) => {
      add(totals, figures);
      const dayFigures = byDay.get(day);
      if (dayFigures) add(dayFigures, figures);
      const productFigures = byProduct.get(product);
      if (productFigures) add(productFigures, figures);
    };
    for (const row of counts) {
      count(row.product_id, row.day, { views: row.views, carts: row.carts, checkouts: row.checkouts });
      const referrer = referrerOf(row.referrer || null);
      referrer.views += row.views;
      referrer.carts += row.carts;
    }
    for (const row of sales) {
      count(row.product_id, row.day, { sales: row.sales });
      referrerOf(row.referrer).sales += row.sales;
    }
    for (const row of ledger) {
      count(row.product_id, row.day, { revenueCents: row.cents, refunds: row.kind === 'refund' ? row.refunds : 0 });
    }

    const titles = new Map(products.map((product) => [product.id, product.title ?? '']));
    return {
      from,
      to,
      productId: productId ?? null,
      totals: withConversion(totals),
      days: [...byDay].map(([day, figures]) => ({ day, ...withConversion(figures) })),
      referrers: [...byReferrer]
        .map(([referrer, figures]) => ({ referrer: referrer || null, ...figures }))
        .sort((a, b) => b.views - a.views || b.sales - a.sales || (a.referrer ?? '').localeCompare(b.referrer ?? '')),
      products: [...byProduct]
        .map(([id, figures]) => ({ productId: id, title: titles.get(id) ?? '', ...withConversion(figures) }))
        .filter(
          (product) =>
            productId !== undefined || product.views + product.carts + product.sales + product.refunds > 0 || product.revenueCents !== 0,
        ),
      releases: releases
        .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
        .map((release) => ({
          releaseId: release.id,
          productId: release.product_id,
          title: titles.get(release.product_id) ?? '',
          version: release.version,
          publishedAt: release.published_at,
          buyers: downloaders.get(release.id) ?? 0,
        })),
    };
  }

  /** The same period as CSV: one row per day, then the referrers. Refused before a byte is sent. */
  async csv(actor: SessionUser, query: AnalyticsQuery): Promise<string> {
    const report = await this.report(actor, query);
    const lines = [['Date', 'Views', 'Add to cart', 'Checkouts', 'Sales', 'Refunds', 'Conversion (%)', 'Revenue (USD)']];
    for (const day of report.days) {
      lines.push([
        day.day,
        String(day.views),
        String(day.carts),
        String(day.checkouts),
        String(day.sales),
        String(day.refunds),
        csvPercent(day.conversion),
        dollarText(day.revenueCents),
      ]);
    }
    const { totals } = report;
    lines.push([
      'Total',
      String(totals.views),
      String(totals.carts),
      String(totals.checkouts),
      String(totals.sales),
      String(totals.refunds),
      csvPercent(totals.conversion),
      dollarText(totals.revenueCents),
    ]);
    lines.push([], ['Referrer', 'Views', 'Add to cart', 'Sales']);
    for (const referrer of report.referrers) {
      lines.push([referrer.referrer ?? DIRECT_REFERRER_LABEL, String(referrer.views), String(referrer.carts), String(referrer.sales)]);
    }
    return lines.map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
  }

  private async productsInScope(actor: SessionUser, productId: string | undefined) {
    if (productId === undefined) return this.analytics.productsOf(actor._id);
    const product = await this.analytics.ownerOf(productId);
    if (!product) throw notFound('Product not found');
    if (!canSeeAnalyticsOf(actor, product.user_id)) throw forbidden('You can only see the analytics of your own products');
    return (await this.analytics.productsOf(actor._id)).filter((candidate) => candidate.id === productId);
  }
}

/** A spreadsheet must not run a referrer as a formula: such a field is quoted with a leading apostrophe. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
