import { useEffect, useMemo, useRef, useState } from 'react';
import { productTitle, type Discount, type DiscountScope } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { useUploadedProducts } from '@/features/moderation';
import { formatDollars } from '@/lib/format';
import { useDiscounts } from '../api/discounts';
import { useDeleteDiscount } from '../api/deleteDiscount';
import { useUpdateDiscount } from '../api/updateDiscount';
import { useProductTitles } from '../api/productTitles';
import { DiscountForm } from './DiscountForm';
import { conditionsOf, datesText, productsText, STATE_BADGES, STATE_LABELS, takesOff, usesText } from './discountText';
import { SCOPE_TEXT } from './scopeText';
import { storedBodyOf } from './formValues';
import '../discounts.css';

const LIST_TITLE_ID = 'discounts-title';
const NEW = 'new';

/**
 * /userPanel/discounts: a seller's discount codes, with what they took off and brought in; with scope
 * 'platform', /adminPanel/platform-codes: the platform's, which reach every seller's products.
 */
export function Discounts({ scope = 'seller' }: { scope?: DiscountScope }) {
  /** The open form: NEW, or the id of the code edited (read from the list, so a Pause meanwhile is not undone by Save). */
  const [open, setOpen] = useState<string | null>(null);
  const list = useDiscounts(scope);
  const text = SCOPE_TEXT[scope];
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
      <p className="discounts-intro">{text.intro}</p>
      {/* A code deleted while its form was open takes the form with it. */}
      {open === NEW || editing ? (
        <DiscountForm key={open} scope={scope} editing={editing} onDone={close} />
      ) : (
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => openForm(NEW)}>
          {text.newCode}
        </button>
      )}
      <h2 id={LIST_TITLE_ID} className="h5 mt-4" tabIndex={-1}>
        {text.listTitle}
      </h2>
      <DiscountList scope={scope} onEdit={(discount) => openForm(discount._id)} />
    </>
  );
}

/** The titles of the products the codes name: the seller's own from their list, any seller's one by one (only where a row shows names). */
function useNamedTitles(scope: DiscountScope, discounts: readonly Discount[] | undefined): ReadonlyMap<string, string> | undefined {
  const own = useUploadedProducts({ mine: true }, { enabled: scope === 'seller' });
  const ownTitles = useMemo(
    () => (own.data ? new Map(own.data.map((product) => [product._id, productTitle(product.title)])) : undefined),
    [own.data],
  );
  const named =
    scope === 'platform' ? (discounts ?? []).filter((discount) => discount.productIds.length <= 3).flatMap((d) => d.productIds) : [];
  const anySellers = useProductTitles(named);
  return scope === 'seller' ? ownTitles : anySellers;
}

function DiscountList({ scope, onEdit }: { scope: DiscountScope; onEdit: (discount: Discount) => void }) {
  const query = useDiscounts(scope);
  const titles = useNamedTitles(scope, query.data);
  const text = SCOPE_TEXT[scope];
  return (
    <QueryView query={query} loadingLabel={text.loading} isEmpty={(list) => list.length === 0} empty={text.empty}>
      {(discounts) => (
        <TableScroll label={text.listLabel} className="discounts-table">
          <table className="table align-middle">
            <caption className="visually-hidden">{text.listLabel}</caption>
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
                <DiscountRow key={discount._id} scope={scope} discount={discount} titles={titles} onEdit={() => onEdit(discount)} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryView>
  );
}

interface DiscountRowProps {
  scope: DiscountScope;
  discount: Discount;
  titles: ReadonlyMap<string, string> | undefined;
  onEdit: () => void;
}

function DiscountRow({ scope, discount, titles, onEdit }: DiscountRowProps) {
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
      <td className="discount-products-cell">
        {productsText(discount.productIds, titles, discount.namesProducts, SCOPE_TEXT[scope].allProducts)}
      </td>
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
        <RowActions scope={scope} discount={discount} codeId={codeId} onEdit={onEdit} />
      </td>
    </tr>
  );
}

function RowActions({ scope, discount, codeId, onEdit }: { scope: DiscountScope; discount: Discount; codeId: string; onEdit: () => void }) {
  const update = useUpdateDiscount(scope);
  const remove = useDeleteDiscount(scope);
  const orphaned = discount.namesProducts && discount.productIds.length === 0;

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
      <ConfirmButton
        label="Delete"
        confirmLabel="Yes, delete"
        describedBy={codeId}
        pending={remove.isPending}
        // The row goes: focus goes to the list's heading.
        onConfirm={() => remove.mutate(discount._id, { onSuccess: () => document.getElementById(LIST_TITLE_ID)?.focus() })}
        besideClassName="d-flex gap-2 discount-actions"
        beside={
          // A code whose named products are all gone reaches none; saved again with none named it would reach all.
          !orphaned && (
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
          )
        }
      />
      <FormError message={update.error?.message ?? remove.error?.message} className="small mt-1 mb-0" />
    </>
  );
}
