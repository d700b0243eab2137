import { useState } from 'react';
import type { Purchaser, PurchaserPurchase } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { DetailsDialog } from '@/components/DetailsDialog';
import { RefundButton } from '@/features/refunds';
import { PageSpinner } from '@/components/PageSpinner';
import { usePurchaserPurchases } from '../api/purchaserPurchases';
import { usePurchasersPage } from '../api/purchasers';
import { formatDate, formatDollars } from '@/lib/format';
import { PeopleTable, usePeopleQuery } from './PeopleTable';

/** /adminPanel/purchasers: users who bought, how often, how much, and what. */
export function Purchasers() {
  const { query, search, setPage } = usePeopleQuery();
  const result = usePurchasersPage(query);
  const [viewing, setViewing] = useState<Purchaser | null>(null);
  return (
    <>
      <PeopleTable
        caption="Purchasers"
        result={result}
        empty="Nobody has bought a licence yet."
        searchText={query.search}
        onSearch={search}
        onPage={setPage}
        columns={[
          { header: 'Purchases', renderCell: (purchaser) => purchaser.purchaseCount, className: 'd-none d-sm-table-cell' },
          { header: 'Total Spent', renderCell: (purchaser) => formatDollars(purchaser.totalSpent) },
          { header: 'Last Purchase', renderCell: (purchaser) => formatDate(purchaser.lastPurchaseAt), className: 'd-none d-lg-table-cell' },
          {
            header: 'Details',
            renderCell: (purchaser) => (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary text-nowrap"
                aria-describedby={`person-${purchaser._id}`}
                onClick={() => setViewing(purchaser)}
              >
                View<span className="visually-hidden"> purchases</span>
              </button>
            ),
          },
        ]}
      />
      <PurchasesModal purchaser={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function PurchasesModal({ purchaser, onClose }: { purchaser: Purchaser | null; onClose: () => void }) {
  return (
    <DetailsDialog show={purchaser !== null} title={`Purchases of ${purchaser?.name ?? ''}`} onClose={onClose}>
      {purchaser && <PurchaseList userId={purchaser._id} />}
    </DetailsDialog>
  );
}

function PurchaseList({ userId }: { userId: string }) {
  const query = usePurchaserPurchases(userId);
  return (
    <QueryView
      query={query}
      loading={<PageSpinner label="Loading purchases…" />}
      isEmpty={(list) => list.length === 0}
      empty="No Purchased Product Found"
    >
      {(purchases) => (
        <ul className="list-unstyled mb-0">
          {purchases.map((purchase) => (
            <li key={purchase._id} className="people-purchase">
              <PurchaseEntry purchase={purchase} />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

/** One purchase with its lines, each refundable once by the admin, or all of them at once. */
function PurchaseEntry({ purchase }: { purchase: PurchaserPurchase }) {
  const open = purchase.products.filter((line) => line.refundedAt === null);
  const openTotal = open.reduce((sum, line) => sum + Math.round(line.price * 100), 0) / 100;
  const when = formatDate(purchase.createdAt);
  return (
    <>
      <p className="fw-semibold mb-1">
        {when} · {formatDollars(purchase.amountPaid)}
      </p>
      <ul className="mb-2">
        {purchase.products.map((line) => (
          <li key={line.productId} className="people-purchase-line">
            <span>
              {line.title} — {line.licenseType}
              {line.isReskin === 'true' ? ' with reskin' : ''} · {formatDollars(line.price)}
            </span>
            <RefundButton
              purchaseId={purchase._id}
              productId={line.productId}
              amount={line.price}
              subject={line.title}
              done={line.refundedAt === null ? null : `Refunded ${formatDate(line.refundedAt)}`}
            />
          </li>
        ))}
      </ul>
      {purchase.products.length > 1 && (
        <RefundButton
          purchaseId={purchase._id}
          amount={openTotal}
          subject={`every line of the purchase of ${when}`}
          buttonLabel={open.length < purchase.products.length ? 'Refund the rest' : 'Refund whole purchase'}
          done={open.length === 0 ? 'Every line refunded' : null}
        />
      )}
    </>
  );
}
