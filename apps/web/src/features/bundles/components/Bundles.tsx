import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Bundle } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { useMyBundles } from '../api/bundles';
import { useDeleteBundle } from '../api/writeBundle';
import { BundleForm } from './BundleForm';
import { bundleFigures, bundlePath } from './bundlePrices';
import '../bundles.css';

const LIST_TITLE_ID = 'bundles-title';
const NEW = 'new';
const headingIdOf = (bundle: Pick<Bundle, '_id'>) => `bundle-${bundle._id}`;

/** /userPanel/bundles: a seller's bundles (docs/decisions/0011), made, changed and deleted. */
export function Bundles() {
  /** The open form: NEW, or the id of the bundle edited (read from the list). */
  const [open, setOpen] = useState<string | null>(null);
  const list = useMyBundles();
  const editing = open && open !== NEW ? (list.data?.find((bundle) => bundle._id === open) ?? null) : null;
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

  const close = (saved: Bundle | null) => {
    if (saved) showNotice(open === NEW ? `Bundle ${saved.name} created` : `Bundle ${saved.name} saved`);
    setOpen(null);
  };
  const openForm = (id: string) => {
    returnTo.current = id;
    setOpen(id);
  };

  return (
    <>
      <p className="bundles-intro">
        A bundle sells 2 to 20 of your products together at one price per licence, at least 10% below what they cost one by one. A buyer
        gets each product&rsquo;s licence; you earn the bundle&rsquo;s price, split across its products in proportion to their prices.
        Discount codes and sales do not apply to bundles.
      </p>
      {/* A bundle deleted while its form was open takes the form with it. */}
      {open === NEW || editing ? (
        <BundleForm key={open} editing={editing} onDone={close} />
      ) : (
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => openForm(NEW)}>
          New bundle
        </button>
      )}
      <h2 id={LIST_TITLE_ID} className="h5 mt-4" tabIndex={-1}>
        Your bundles
      </h2>
      <QueryView query={list} loadingLabel="Loading your bundles…" isEmpty={(bundles) => bundles.length === 0} empty="No bundles yet">
        {(bundles) => (
          <ul className="bundle-list" aria-labelledby={LIST_TITLE_ID}>
            {bundles.map((bundle) => (
              <BundleItem key={bundle._id} bundle={bundle} onEdit={() => openForm(bundle._id)} />
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

function BundleItem({ bundle, onEdit }: { bundle: Bundle; onEdit: () => void }) {
  const headingId = headingIdOf(bundle);
  const single = bundleFigures(bundle, 'Single App License');
  const multi = bundleFigures(bundle, 'Multi App License');
  return (
    <li className="bundle-item" data-row-id={bundle._id} aria-labelledby={headingId}>
      <div className="bundle-item-head">
        <h3 id={headingId} className="h6 mb-0" tabIndex={-1}>
          {bundle.name}
        </h3>
        {bundle.forSale ? (
          <span className="badge text-bg-success">For sale</span>
        ) : (
          <span className="badge text-bg-secondary">Not for sale</span>
        )}
      </div>
      {bundle.whyNotForSale && <p className="small text-danger mb-1">Not for sale because {bundle.whyNotForSale}.</p>}
      <p className="bundle-item-products">{bundle.products.map((product) => product.title).join(', ')}</p>
      <p className="bundle-item-prices">
        <span className="d-block">
          Single app: {single.price}{' '}
          <span className="text-secondary">
            of {single.listed}, saves {single.saving} ({single.percent}%)
          </span>
        </span>
        <span className="d-block">
          Multi app: {multi.price}{' '}
          <span className="text-secondary">
            of {multi.listed}, saves {multi.saving} ({multi.percent}%)
          </span>
        </span>
      </p>
      <div className="bundle-item-actions">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-describedby={headingId}
          data-row-action="edit"
          onClick={onEdit}
        >
          Edit
        </button>
        {bundle.forSale && (
          <Link className="btn btn-sm btn-link" to={bundlePath(bundle)} aria-describedby={headingId}>
            View its page
          </Link>
        )}
        <DeleteBundle bundle={bundle} />
      </div>
    </li>
  );
}

/** Delete, asked twice. */
function DeleteBundle({ bundle }: { bundle: Bundle }) {
  const remove = useDeleteBundle();
  return (
    <span className="d-inline-flex flex-wrap gap-2 align-items-center">
      <ConfirmButton
        label="Delete"
        confirmLabel="Delete it"
        describedBy={headingIdOf(bundle)}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(bundle._id, {
            onSuccess: (message) => {
              showNotice(message);
              document.getElementById(LIST_TITLE_ID)?.focus();
            },
          })
        }
        rowAction="remove"
      />
      <FormError message={remove.error?.message} className="small mt-1 mb-0 w-100" />
    </span>
  );
}
