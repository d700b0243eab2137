import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { ANALYTICS_MAX_DAYS, DIRECT_REFERRER_LABEL, type SellerAnalytics as AnalyticsReport } from '@market/contracts';
import { EmptyState, QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { formatCents, formatDayUtc } from '@/lib/format';
import { useAnalyticsProducts } from '../api/analyticsProducts';
import { analyticsCsvUrl, useSellerAnalytics, type AnalyticsPeriod } from '../api/sellerAnalytics';
import '../analytics.css';

// uPlot and its styles load with the first chart, never with the rest of the panel (docs/decisions/0020).
const AnalyticsChart = lazy(() => import('./AnalyticsChart'));

const PRESETS = [7, 30, 90] as const;
type Preset = (typeof PRESETS)[number] | 'custom';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

type AnalyticsDayRow = AnalyticsReport['days'][number];

const COLORS = { views: '#0b5ed7', carts: '#a04e00', sales: '#146c43', revenue: '#6f42c1' };

/** A value axis tick of the revenue chart; one function for every render, so the chart is not drawn anew each time. */
const dollarTick = (dollars: number) => `$${dollars}`;

/** "—" where no rate can be told: no views, or more sales than counted views. */
const percent = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`);

/** The period the controls describe, or why it cannot be asked for. */
function periodOf(preset: Preset, from: string, to: string): { from: string; to: string } | { problem: string } {
  if (preset !== 'custom') {
    const today = Date.now();
    return { from: utcDay(today - (preset - 1) * DAY_MS), to: utcDay(today) };
  }
  if (!isDay(from) || !isDay(to)) return { problem: 'Choose both days of the period.' };
  if (to < from) return { problem: 'The last day must not be before the first.' };
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) {
    return { problem: `Choose a period of at most ${ANALYTICS_MAX_DAYS} days.` };
  }
  return { from, to };
}

/**
 * /userPanel/analytics: the seller's views, carts, checkouts, sales, refunds and revenue over a period
 * (docs/decisions/0020), per day as charts with their tables, per referrer, per product and per release.
 */
export function SellerAnalytics() {
  const [preset, setPreset] = useState<Preset>(30);
  const [customFrom, setCustomFrom] = useState(() => utcDay(Date.now() - 29 * DAY_MS));
  const [customTo, setCustomTo] = useState(() => utcDay(Date.now()));
  const [productId, setProductId] = useState<string | null>(null);
  const products = useAnalyticsProducts();
  const chosen = periodOf(preset, customFrom, customTo);
  const period: AnalyticsPeriod = 'problem' in chosen ? { from: '', to: '', productId } : { ...chosen, productId };
  const query = useSellerAnalytics(period, !('problem' in chosen));
  const ids = useId();

  return (
    <div className="seller-analytics">
      <form className="analytics-controls" aria-label="Period and product" onSubmit={(event) => event.preventDefault()}>
        <fieldset>
          <legend className="form-label">Period</legend>
          <div className="analytics-presets">
            {PRESETS.map((days) => (
              <div className="form-check form-check-inline" key={days}>
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${ids}-period`}
                  id={`${ids}-last-${days}`}
                  checked={preset === days}
                  onChange={() => setPreset(days)}
                />
                <label className="form-check-label" htmlFor={`${ids}-last-${days}`}>
                  Last {days} days
                </label>
              </div>
            ))}
            <div className="form-check form-check-inline">
              <input
                className="form-check-input"
                type="radio"
                name={`${ids}-period`}
                id={`${ids}-custom`}
                checked={preset === 'custom'}
                onChange={() => setPreset('custom')}
              />
              <label className="form-check-label" htmlFor={`${ids}-custom`}>
                Custom
              </label>
            </div>
          </div>
          {preset === 'custom' && (
            <div className="analytics-custom">
              <div>
                <label className="form-label" htmlFor={`${ids}-from`}>
                  From
                </label>
                <input
                  className="form-control"
                  type="date"
                  id={`${ids}-from`}
                  value={customFrom}
                  max={customTo}
                  onChange={(event) => setCustomFrom(event.target.value)}
                  aria-describedby={'problem' in chosen ? `${ids}-problem` : undefined}
                />
              </div>
              <div>
                <label className="form-label" htmlFor={`${ids}-to`}>
                  To
                </label>
                <input
                  className="form-control"
                  type="date"
                  id={`${ids}-to`}
                  value={customTo}
                  min={customFrom}
                  onChange={(event) => setCustomTo(event.target.value)}
                  aria-describedby={'problem' in chosen ? `${ids}-problem` : undefined}
                />
              </div>
            </div>
          )}
        </fieldset>
        <div className="analytics-product">
          <label className="form-label" htmlFor={`${ids}-product`}>
            Product
          </label>
          <select
            className="form-select"
            id={`${ids}-product`}
            value={productId ?? ''}
            onChange={(event) => setProductId(event.target.value || null)}
          >
            <option value="">All products</option>
            {(products.data ?? []).map((product) => (
              <option key={product._id} value={product._id}>
                {product.title || 'Untitled product'}
              </option>
            ))}
          </select>
        </div>
      </form>

      {'problem' in chosen ? (
        <p className="text-danger" id={`${ids}-problem`} role="alert">
          {chosen.problem}
        </p>
      ) : (
        <QueryView query={query} loadingLabel="Loading your analytics…">
          {(report) => <Report report={report} period={period} busy={query.isFetching} />}
        </QueryView>
      )}
    </div>
  );
}

function Report({ report, period, busy }: { report: AnalyticsReport; period: AnalyticsPeriod; busy: boolean }) {
  const ids = useId();
  const { totals } = report;
  const empty = [totals.views, totals.carts, totals.checkouts, totals.sales, totals.refunds, totals.revenueCents].every(
    (figure) => figure === 0,
  );
  const days = useMemo(() => report.days.map((day) => day.day), [report.days]);
  const visitSeries = useMemo(
    () => [
      { label: 'Views', color: COLORS.views, values: report.days.map((day) => day.views) },
      { label: 'Add to cart', color: COLORS.carts, values: report.days.map((day) => day.carts) },
      { label: 'Sales', color: COLORS.sales, values: report.days.map((day) => day.sales) },
    ],
    [report.days],
  );
  const revenueSeries = useMemo(
    () => [{ label: 'Revenue', color: COLORS.revenue, values: report.days.map((day) => day.revenueCents / 100), bars: true }],
    [report.days],
  );
  const range = `${formatDayUtc(report.from)} to ${formatDayUtc(report.to)}`;

  return (
    <div aria-busy={busy}>
      <div className="analytics-head">
        <p className="mb-0">{range} (UTC days)</p>
        <a className="btn btn-sm btn-outline-primary" href={analyticsCsvUrl(period)} download>
          Download CSV
        </a>
      </div>
      {empty ? (
        <EmptyState>No visits in this period yet</EmptyState>
      ) : (
        <>
          <ul className="analytics-figures" aria-label="Summary of the period">
            <Figure label="Views" value={String(totals.views)} />
            <Figure label="Add to cart" value={String(totals.carts)} />
            <Figure label="Checkouts" value={String(totals.checkouts)} />
            <Figure label="Sales" value={String(totals.sales)} />
            <Figure label="Refunds" value={String(totals.refunds)} />
            <Figure
              label="Conversion"
              value={percent(totals.conversion)}
              note={totals.conversion === null && totals.sales > 0 ? 'More sales than counted views: no rate yet' : 'Sales per view'}
            />
            <Figure label="Revenue" value={formatCents(totals.revenueCents)} note="Sales less refunds, as on your statement" />
          </ul>

          <section aria-labelledby={`${ids}-visits`}>
            <h2 className="analytics-subtitle" id={`${ids}-visits`}>
              Visits and sales per day
            </h2>
            <Suspense fallback={<div className="analytics-chart-placeholder" aria-hidden="true" />}>
              <AnalyticsChart
                days={days}
                series={visitSeries}
                wholeNumbers
                label={`Chart of views, add to cart and sales per day, ${range}. The table below gives the same figures.`}
                describedBy={`${ids}-visits-table`}
              />
            </Suspense>
            <details className="analytics-details">
              <summary>Show as table</summary>
              <DayTable
                id={`${ids}-visits-table`}
                caption="Views, add to cart, checkouts and sales per day"
                rows={report.days}
                columns={[
                  ['Views', (day) => String(day.views)],
                  ['Add to cart', (day) => String(day.carts)],
                  ['Checkouts', (day) => String(day.checkouts)],
                  ['Sales', (day) => String(day.sales)],
                  ['Conversion', (day) => percent(day.conversion)],
                ]}
              />
            </details>
          </section>

          <section aria-labelledby={`${ids}-revenue`}>
            <h2 className="analytics-subtitle" id={`${ids}-revenue`}>
              Revenue per day
            </h2>
            <Suspense fallback={<div className="analytics-chart-placeholder" aria-hidden="true" />}>
              <AnalyticsChart
                days={days}
                series={revenueSeries}
                label={`Bar chart of revenue per day in US dollars, ${range}. The table below gives the same figures.`}
                describedBy={`${ids}-revenue-table`}
                formatValue={dollarTick}
              />
            </Suspense>
            <details className="analytics-details">
              <summary>Show as table</summary>
              <DayTable
                id={`${ids}-revenue-table`}
                caption="Revenue and refunds per day"
                rows={report.days}
                columns={[
                  ['Refunds', (day) => String(day.refunds)],
                  ['Revenue', (day) => formatCents(day.revenueCents)],
                ]}
              />
            </details>
          </section>

          <section aria-labelledby={`${ids}-referrers`}>
            <h2 className="analytics-subtitle" id={`${ids}-referrers`}>
              Referrers
            </h2>
            <p className="text-secondary small">
              Where visits came from: the link’s utm_source, or else the site that linked to you. Sales count for the source the buyer
              arrived from.
            </p>
            <TableScroll label="Referrers" className="analytics-table">
              <table className="table align-middle">
                <caption className="visually-hidden">Views, add to cart and sales by referrer</caption>
                <thead>
                  <tr>
                    <th scope="col">Referrer</th>
                    <th scope="col" className="text-end">
                      Views
                    </th>
                    <th scope="col" className="text-end">
                      Add to cart
                    </th>
                    <th scope="col" className="text-end">
                      Sales
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.referrers.map((row) => (
                    <tr key={row.referrer ?? ''}>
                      <th scope="row" className="text-break">
                        {row.referrer ?? DIRECT_REFERRER_LABEL}
                      </th>
                      <td className="text-end">{row.views}</td>
                      <td className="text-end">{row.carts}</td>
                      <td className="text-end">{row.sales}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>

          {report.productId === null && report.products.length > 0 && (
            <section aria-labelledby={`${ids}-products`}>
              <h2 className="analytics-subtitle" id={`${ids}-products`}>
                Products
              </h2>
              <TableScroll label="Products" className="analytics-table">
                <table className="table align-middle">
                  <caption className="visually-hidden">Figures of each product in the period</caption>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col" className="text-end">
                        Views
                      </th>
                      <th scope="col" className="text-end">
                        Add to cart
                      </th>
                      <th scope="col" className="text-end">
                        Sales
                      </th>
                      <th scope="col" className="text-end">
                        Conversion
                      </th>
                      <th scope="col" className="text-end">
                        Revenue
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.products.map((row) => (
                      <tr key={row.productId}>
                        <th scope="row" className="text-break">
                          {row.title || 'Untitled product'}
                        </th>
                        <td className="text-end">{row.views}</td>
                        <td className="text-end">{row.carts}</td>
                        <td className="text-end">{row.sales}</td>
                        <td className="text-end">{percent(row.conversion)}</td>
                        <td className="text-end">{formatCents(row.revenueCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
          )}
        </>
      )}

      <section aria-labelledby={`${ids}-releases`}>
        <h2 className="analytics-subtitle" id={`${ids}-releases`}>
          Releases
        </h2>
        {report.releases.length === 0 ? (
          <EmptyState>No published versions yet.</EmptyState>
        ) : (
          <TableScroll label="Releases" className="analytics-table">
            <table className="table align-middle">
              <caption className="visually-hidden">Buyers who downloaded each published version, all time</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Version</th>
                  <th scope="col">Published</th>
                  <th scope="col" className="text-end">
                    Buyers who downloaded it
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.releases.map((release) => (
                  <tr key={release.releaseId}>
                    <th scope="row" className="text-break">
                      {release.title || 'Untitled product'}
                    </th>
                    <td>{release.version}</td>
                    <td>{release.publishedAt ? formatDayUtc(release.publishedAt) : '—'}</td>
                    <td className="text-end">{release.buyers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className="analytics-figure-card">
      <span className="analytics-figure-label">{label}</span>
      <span className="analytics-figure-value">{value}</span>
      {note && <span className="analytics-figure-note">{note}</span>}
    </li>
  );
}

function DayTable({
  id,
  caption,
  rows,
  columns,
}: {
  id: string;
  caption: string;
  rows: readonly AnalyticsDayRow[];
  columns: Array<[string, (day: AnalyticsDayRow) => string]>;
}) {
  return (
    <TableScroll label={caption} className="analytics-table">
      <table className="table table-sm align-middle" id={id}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {columns.map(([name]) => (
              <th scope="col" className="text-end" key={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDayUtc(day.day)}</th>
              {columns.map(([name, value]) => (
                <td className="text-end" key={name}>
                  {value(day)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
