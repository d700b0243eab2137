import { useEffect, useRef, useState } from 'react';
import type { SaleEvent } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { formatDateTime, formatDollars } from '@/lib/format';
import { useSales } from '../api/sales';
import { useDeleteSale } from '../api/deleteSale';
import { SaleForm } from './SaleForm';
import { ACTIONS, STATE_BADGES, STATE_LABELS } from './saleText';
import '../sales.css';

const LIST_TITLE_ID = 'sales-title';
const headingIdOf = (sale: Pick<SaleEvent, '_id'>) => `sale-${sale._id}`;

/** /userPanel/sales: a seller's sales (docs/decisions/0009 "Sales"), made, listed, deleted or ended. */
export function Sales() {
  const [open, setOpen] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  /** Set when the form closes: focus goes back to the button that opened it. */
  const returnFocus = useRef(false);

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    newButton.current?.focus();
  }, [open]);

  const close = (saved: SaleEvent | null) => {
    if (saved)
      showNotice(saved.state === 'running' ? `Your ${saved.percent}% sale has started` : `Your ${saved.percent}% sale is scheduled`);
    returnFocus.current = true;
    setOpen(false);
  };

  return (
    <>
      <p className="sales-intro">
        A sale takes a percent off some of your products for a while. Buyers see your listed price struck through and the lowest price of
        the 30 days before, so a sale cannot start within 30 days of a price rise, and prices stay as they are while it lasts.
      </p>
      {open ? (
        <SaleForm onDone={close} />
      ) : (
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          New sale
        </button>
      )}
      <h2 id={LIST_TITLE_ID} className="h5 mt-4" tabIndex={-1}>
        Your sales
      </h2>
      <SaleList />
    </>
  );
}

function SaleList() {
  const query = useSales();
  return (
    <QueryView query={query} loadingLabel="Loading your sales…" isEmpty={(list) => list.length === 0} empty="No sales yet">
      {(sales) => (
        <ul className="sale-list" aria-labelledby={LIST_TITLE_ID}>
          {sales.map((sale) => (
            <SaleItem key={sale._id} sale={sale} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function SaleItem({ sale }: { sale: SaleEvent }) {
  const headingId = headingIdOf(sale);
  const periodId = `${headingId}-period`;
  return (
    <li className="sale-item" data-row-id={sale._id} aria-labelledby={headingId}>
      <div className="sale-item-head">
        <h3 id={headingId} className="h6 mb-0" tabIndex={-1}>
          {sale.percent}% off
        </h3>
        <span className={`badge ${STATE_BADGES[sale.state]}`}>{STATE_LABELS[sale.state]}</span>
      </div>
      <p id={periodId} className="sale-period">
        {formatDateTime(sale.startsAt)} to {formatDateTime(sale.endsAt)}
      </p>
      <ul className="sale-products" aria-label={`Products in the ${sale.percent}% sale`}>
        {sale.products.map((product) => (
          <li key={product.productId}>
            <span className="sale-product-title">{product.title ?? 'A deleted product'}</span>
            <PriceLine
              licence="Single app"
              listed={product.singleAppLicense}
              price={product.saleSingleAppLicense}
              lowest={product.lowestIn30Days.singleAppLicense}
            />
            <PriceLine
              licence="Multi app"
              listed={product.multiAppLicense}
              price={product.saleMultiAppLicense}
              lowest={product.lowestIn30Days.multiAppLicense}
            />
          </li>
        ))}
      </ul>
      <SaleAction sale={sale} describedBy={`${headingId} ${periodId}`} />
    </li>
  );
}

function PriceLine({ licence, listed, price, lowest }: { licence: string; listed: number; price: number; lowest: number }) {
  return (
    <span className="sale-price-line">
      {licence}: {formatDollars(listed)} <span aria-hidden="true">→</span>
      <span className="visually-hidden">on sale at</span> {formatDollars(price)}
      <span className="text-secondary"> · lowest in 30 days before: {formatDollars(lowest)}</span>
    </span>
  );
}

/** Delete (scheduled) or End now (running), each asked twice; none for an ended sale. */
function SaleAction({ sale, describedBy }: { sale: SaleEvent; describedBy: string }) {
  const remove = useDeleteSale();
  const action = ACTIONS[sale.state];
  if (!action) return null;

  const go = () =>
    remove.mutate(sale._id, {
      onSuccess: (message) => {
        showNotice(message);
        // An ended sale stays in the list (its heading takes the focus); a deleted one goes (the list's heading does).
        const target = message === 'Sale ended' ? document.getElementById(headingIdOf(sale)) : null;
        (target ?? document.getElementById(LIST_TITLE_ID))?.focus();
      },
    });

  return (
    <div className="sale-actions">
      <ConfirmButton
        label={action.ask}
        confirmLabel={action.confirm}
        describedBy={describedBy}
        pending={remove.isPending}
        onConfirm={go}
        rowAction="remove"
      />
      <FormError message={remove.error?.message} className="small mt-1 mb-0" />
    </div>
  );
}
