import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { API_PATHS, apiPath, refundRequestDeadline, type Purchase, type PurchaseLine, productPagePath } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { LineRefund } from '@/features/refunds';
import { TableScroll } from '@/components/TableScroll';
import { useMyPurchases } from '../api/purchases';
import { useUpdateDownload } from '../api/updateDownload';
import { useNow } from '../useNow';
import '../purchases.css';
import { formatDateTime, formatDollars } from '@/lib/format';

interface Row {
  purchase: Purchase;
  line: PurchaseLine;
  key: string;
  expiresAt: number;
}

function rowsOf(purchases: Purchase[]): Row[] {
  return purchases.flatMap((purchase) =>
    purchase.products.map((line) => ({
      purchase,
      line,
      key: `${purchase._id}-${line.productId}`,
      expiresAt: Date.parse(line.downloadExpiresAt),
    })),
  );
}

/** /userPanel/purchases: bought products with a Download action while their licence window is open. */
export function PurchasesList() {
  const query = useMyPurchases();
  return (
    <QueryView
      query={query}
      loadingLabel="Loading your purchases…"
      isEmpty={(purchases) => purchases.every((purchase) => purchase.products.length === 0)}
      empty={<p className="mb-0">No Purchased Product Found</p>}
    >
      {(purchases) => <PurchasesTable rows={rowsOf(purchases)} />}
    </QueryView>
  );
}

function PurchasesTable({ rows }: { rows: Row[] }) {
  // The page moves on when a download window closes, and when the days to ask for a refund are over.
  const now = useNow([
    ...rows.filter((row) => row.line.download === 'true').map((row) => row.expiresAt),
    ...rows.map((row) => refundRequestDeadline(new Date(row.purchase.createdAt)).getTime()),
  ]);
  useCloseExpiredWindows(rows, now);

  return (
    <TableScroll label="Your purchased products" className="purchases-table">
      <table className="table align-middle">
        <caption className="visually-hidden">Your purchased products</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">License</th>
            <th scope="col" className="d-none d-md-table-cell">
              Purchased
            </th>
            <th scope="col">Price</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const titleId = `purchase-${row.key}`;
            const open = row.line.download === 'true' && row.expiresAt > now;
            return (
              <tr key={row.key}>
                <th scope="row" className="fw-semibold text-break">
                  <img
                    className="purchases-thumb d-none d-sm-block"
                    src={row.line.thumbnail}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                  <Link to={productPagePath(row.line.slug)} id={titleId}>
                    {row.line.title}
                  </Link>
                  {row.line.bundle && (
                    <span className="d-block small fw-normal text-secondary">In the bundle &ldquo;{row.line.bundle.name}&rdquo;</span>
                  )}
                  <LineVersions line={row.line} />
                  <LineRefund purchaseId={row.purchase._id} purchasedAt={row.purchase.createdAt} line={row.line} now={now} />
                </th>
                <td>
                  {row.line.licenseType}
                  {row.line.upgrade && <span className="d-block small text-secondary">Upgrade of the licence bought before</span>}
                </td>
                <td className="d-none d-md-table-cell">
                  <time dateTime={row.purchase.createdAt}>{formatDateTime(row.purchase.createdAt)}</time>
                </td>
                <td>{formatDollars(row.line.price)}</td>
                <td>
                  {open ? (
                    <>
                      <a
                        className="btn btn-sm btn-primary"
                        href={apiPath(API_PATHS.purchase.download, { purchaseId: row.purchase._id, productId: row.line.productId })}
                        download
                        aria-describedby={titleId}
                      >
                        Download
                      </a>
                      <span className="d-block small text-secondary">until {formatDateTime(row.line.downloadExpiresAt)}</span>
                      <OlderVersions row={row} titleId={titleId} />
                    </>
                  ) : (
                    <>
                      <button type="button" className="btn btn-sm btn-secondary" disabled aria-describedby={titleId}>
                        Download
                      </button>
                      <span className="d-block small text-secondary">
                        {row.line.refund ? 'Refunded' : row.line.licenceStatus === 'Revoked' ? 'Licence revoked' : 'Download window closed'}
                      </span>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The version bought and, when the seller has published a newer one since, the newest with a badge. */
function LineVersions({ line }: { line: PurchaseLine }) {
  const newest = line.versions[0];
  const updated = newest !== undefined && line.versionBought !== null && newest.version !== line.versionBought;
  return (
    <span className="d-block small fw-normal text-secondary">
      {line.versionBought === null ? null : <>Version {line.versionBought}</>}
      {updated ? (
        <>
          {' · '}
          <span className="text-body">
            newest {newest.version} <span className="badge text-bg-success">Updated</span>
          </span>
        </>
      ) : null}
    </span>
  );
}

/** While the window is open, any approved version may be downloaded; the Download button serves the newest. */
function OlderVersions({ row, titleId }: { row: Row; titleId: string }) {
  const older = row.line.versions.slice(1);
  if (older.length === 0) return null;
  const href = (releaseId: string) =>
    `${apiPath(API_PATHS.purchase.download, { purchaseId: row.purchase._id, productId: row.line.productId })}?release=${encodeURIComponent(releaseId)}`;
  return (
    <details className="purchases-versions small mt-1">
      <summary aria-describedby={titleId}>Older versions</summary>
      <ul className="list-unstyled mb-0 mt-1">
        {older.map((version) => (
          <li key={version._id}>
            <a href={href(version._id)} download>
              Download {version.version}
            </a>{' '}
            <span className="text-secondary">
              · <time dateTime={version.publishedAt}>{formatDateTime(version.publishedAt)}</time>
              {version.engineVersion ? ` · ${version.engineVersion}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** docs/product-spec.md §4: once a window has passed by this clock, ask the server to close it (it decides by its own). */
function useCloseExpiredWindows(rows: Row[], now: number) {
  const updateDownload = useUpdateDownload();
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const row of rows) {
      if (row.line.download !== 'true' || row.expiresAt > now || asked.current.has(row.key)) continue;
      asked.current.add(row.key);
      updateDownload.mutate({ purchaseId: row.purchase._id, productId: row.line.productId });
    }
  }, [rows, now, updateDownload]);
}
