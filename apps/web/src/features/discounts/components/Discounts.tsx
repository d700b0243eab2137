import { useEffect, useMemo, useRef, useState } from 'react';
import { productTitle, type Discount } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { useUploadedProducts } from '@/features/moderation';
import { formatDollars } from '@/lib/format';
import { useDiscounts } from '../api/discounts';
import { useDeleteDiscount } from '../api/deleteDiscount';
import { useUpdateDiscount } from '../api/updateDiscount';
import { DiscountForm } from './DiscountForm';
import { conditionsOf, datesText, productsText, STATE_BADGES, STATE_LABELS, takesOff, usesText } from './discountText';
import { storedBodyOf } from './formValues';
import '../discounts.css';

const LIST_TITLE_ID = 'discounts-title';
const NEW = 'new';

/** /userPanel/discounts: a seller's discount codes, with what they took off and brought in. */
export function Discounts() {
  /** The open form: NEW, or the id of the code edited (read from the list, so a Pause meanwhile is not undone by Save). */
  const [open, setOpen] = useState<string | null>(null);
  const list = useDiscounts();
  const editing = open && open !== NEW ? (list.data?.find((discount) => discount._id === open) ?? null) : null;
  const newButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes back when the form closes: the button that opened it. */
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    if (open || returnTo.current === null) return;
    const target =
      returnTo.current === NEW
        ? newButton.current
        : document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(returnTo.current)}"] [data-row-action="edit"]`);
    returnTo.current = null;
    (target ?? document.getElementById(LIST_TITLE_ID))?.focus();
  }, [open]);

  const close = (saved: Discount | null) => {
    if (saved) showNotice(open === NEW ? `Code ${saved.code} created` : `Code ${saved.code} saved`);
    setOpen(null);
  };
  const openForm = (id: string) => {
    returnTo.current = id;
    setOpen(id);
  };

  return (
    <>
      <p className="discounts-intro">
        Buyers type a code at the cart to take a percent or an amount off your products. One code per order; a use is held while a checkout
        is open and given back if it is not paid.
      </p>
      {/* A code deleted while its form was open takes the form with it. */}
      {open === NEW || editing ? (
        <DiscountForm key={open} editing={editing} onDone={close} />
      ) : (
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => openForm(NEW)}>
          New discount code
        </button>
      )}
      <h2 id={LIST_TITLE_ID} className="h5 mt-4" tabIndex={-1}>
        Your codes
      </h2>
      <DiscountList onEdit={(discount) => openForm(discount._id)} />
    </>
  );
}

function DiscountList({ onEdit }: { onEdit: (discount: Discount) => void }) {
  const query = useDiscounts();
  const products = useUploadedProducts({ mine: true });
  const titles = useMemo(
    () => (products.data ? new Map(products.data.map((product) => [product._id, productTitle(product.title)])) : undefined),
    [products.data],
  );
  return (
    <QueryView
      query={query}
      loadingLabel="Loading your discount codes…"
      isEmpty={(list) => list.length === 0}
      empty="No discount codes yet"
    >
      {(discounts) => (
        <TableScroll label="Your discount codes" className="discounts-table">
          <table className="table align-middle">
            <caption className="visually-hidden">Your discount codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Takes off</th>
                <th scope="col">Products</th>
                <th scope="col">State</th>
                <th scope="col">Uses</th>
                <th scope="col">Revenue</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {discounts.map((discount) => (
                <DiscountRow key={discount._id} discount={discount} titles={titles} onEdit={() => onEdit(discount)} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryView>
  );
}

interface DiscountRowProps {
  discount: Discount;
  titles: ReadonlyMap<string, string> | undefined;
  onEdit: () => void;
}

function DiscountRow({ discount, titles, onEdit }: DiscountRowProps) {
  const codeId = `discount-${discount._id}`;
  const conditions = conditionsOf(discount);
  const dates = datesText(discount);
  return (
    <tr data-row-id={discount._id}>
      <th scope="row" id={codeId} className="discount-code">
        <code>{discount.code}</code>
      </th>
      <td>
        <div>
          {takesOff(discount)}
          {conditions.map((condition) => (
            <span key={condition} className="d-block small text-secondary">
              {condition}
            </span>
          ))}
        </div>
      </td>
      <td className="discount-products-cell">{productsText(discount.productIds, titles, discount.namesProducts)}</td>
      <td>
        <div>
          <span className={`badge ${STATE_BADGES[discount.state]}`}>{STATE_LABELS[discount.state]}</span>
          {dates && <span className="d-block small text-secondary">{dates}</span>}
        </div>
      </td>
      <td>
        <div>
          <span className="text-nowrap">{usesText(discount)}</span>
          {discount.held > 0 && <span className="d-block small text-secondary">{discount.held} in open checkouts</span>}
        </div>
      </td>
      <td>
        {/* One column for both sums: a column each left a desktop's table too wide for Edit, Pause and Delete. */}
        <div>
          {formatDollars(discount.revenue)}
          <span className="d-block small text-secondary">{formatDollars(discount.discounted)} discounted</span>
        </div>
      </td>
      <td>
        <RowActions discount={discount} codeId={codeId} onEdit={onEdit} />
      </td>
    </tr>
  );
}

function RowActions({ discount, codeId, onEdit }: { discount: Discount; codeId: string; onEdit: () => void }) {
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const orphaned = discount.namesProducts && discount.productIds.length === 0;
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  // Focus follows the two steps: onto "Yes, delete", and back to "Delete" on Cancel (not on first draw).
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (confirming === false) ask.current?.focus();
  }, [confirming]);

  const togglePause = () => {
    // Not disabled while pending: a disabled button would drop the keyboard focus.
    if (update.isPending) return;
    update.mutate(
      { id: discount._id, body: { ...storedBodyOf(discount), paused: !discount.paused } },
      { onSuccess: (saved) => showNotice(saved.paused ? `The code ${saved.code} is paused` : `The code ${saved.code} is on again`) },
    );
  };

  return (
    <>
      {confirming ? (
        <span className="d-flex flex-wrap gap-2 align-items-center">
          <button
            ref={confirm}
            type="button"
            className="btn btn-sm btn-danger"
            aria-describedby={codeId}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(discount._id, {
                // The row goes: focus goes to the list's heading.
                onSuccess: () => document.getElementById(LIST_TITLE_ID)?.focus(),
              })
            }
          >
            Yes, delete
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setConfirming(false)}
            disabled={remove.isPending}
          >
            Cancel
          </button>
        </span>
      ) : (
        <span className="d-flex gap-2 discount-actions">
          {/* A code whose named products are all gone reaches none; saved again with none named it would reach all. */}
          {!orphaned && (
            <>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-describedby={codeId}
                data-row-action="edit"
                onClick={onEdit}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-describedby={codeId}
                aria-busy={update.isPending || undefined}
                onClick={togglePause}
              >
                {discount.paused ? 'Resume' : 'Pause'}
              </button>
            </>
          )}
          <button
            ref={ask}
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-describedby={codeId}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </span>
      )}
      <FormError message={update.error?.message ?? remove.error?.message} className="small mt-1 mb-0" />
    </>
  );
}
