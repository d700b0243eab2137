import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { API_PATHS, apiPath, productTitle, type ProductSummary } from '@market/contracts';
import { useRequestChanges } from '../api/requestChanges';
import { PendingChangesList } from './PendingChangesList';
import { focusAfterDecision, ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { FormError } from '@/components/FormError';
import { ArchiveCheckNote, useArchiveCheck } from '@/features/inside';
import { detailPath } from '@/features/catalogue';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { useApproveProduct } from '../api/approveProduct';
import { useRejectProduct } from '../api/rejectProduct';
import { useUploadedProducts } from '../api/uploadedProducts';
import { DeleteProductDialog, type ProductToDelete } from './DeleteProductDialog';
import { ProductsTable } from './ProductsTable';
import { isEmptyList, QueryView } from '@/components/query-view';
import '../moderation.css';

/**
 * /adminPanel/manage-pending-products: approve, request changes, reject (both with a reason),
 * delete, and the source code link; below, sellers' changes to approved products.
 */
export function ManagePendingProducts() {
  const query = useUploadedProducts({ status: 'Pending' });
  const [toDelete, setToDelete] = useState<ProductToDelete | null>(null);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const rowFocus = useFocusAfterRowLeaves(query.data?.map((product) => product._id) ?? []);
  return (
    <>
      <QueryView query={query} isEmpty={isEmptyList} loadingLabel="Loading pending products…" empty={<p>No Pending Product Found</p>}>
        {(products) => (
          <ProductsTable
            caption="Pending products"
            products={products}
            renderActions={(product, titleId) => (
              <PendingActions
                product={product}
                titleId={titleId}
                rowFocus={rowFocus}
                onDelete={() => setToDelete({ id: product._id, title: productTitle(product.title) })}
                onAskReason={setAsking}
              />
            )}
          />
        )}
      </QueryView>
      <PendingChangesList onAskReason={setAsking} />
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </>
  );
}

interface PendingActionsProps {
  product: ProductSummary;
  titleId: string;
  rowFocus: ReturnType<typeof useFocusAfterRowLeaves>;
  onDelete: () => void;
  onAskReason: (request: ReasonRequest) => void;
}

function PendingActions({ product, titleId, rowFocus, onDelete, onAskReason }: PendingActionsProps) {
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const requestChanges = useRequestChanges();
  // Approving names the archive whose checks this row shows, so a newer one is never published unseen.
  const check = useArchiveCheck(product._id);
  const title = productTitle(product.title);
  const busy = approve.isPending || reject.isPending || requestChanges.isPending;
  // The reason dialog shows its own refusals.
  const error = approve.error;
  const approveButton = useRef<HTMLButtonElement>(null);

  // The row leaves once approved or rejected and focus moves on with it; a refusal keeps the row,
  // so focus returns to the button (disabled while waiting, it had dropped focus).
  const { stays } = rowFocus;
  useEffect(() => {
    if (!approve.isError) return;
    stays();
    approveButton.current?.focus();
  }, [approve.isError, stays]);

  return (
    <>
      <button
        ref={approveButton}
        type="button"
        className="btn btn-sm btn-success"
        aria-describedby={titleId}
        data-row-action="approve"
        disabled={busy}
        aria-busy={approve.isPending}
        onClick={() => {
          reject.reset();
          rowFocus.willLeave(product._id, 'approve');
          approve.mutate({ id: product._id, releaseId: check?.releaseId });
        }}
      >
        Approve
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-warning text-body"
        aria-describedby={titleId}
        data-row-action="reject"
        disabled={busy}
        onClick={(event) => {
          approve.reset();
          const trigger = event.currentTarget;
          onAskReason({
            action: 'Reject',
            explanation: 'The product stays out of the store. The seller sees the reason and note, and may edit it to send it again.',
            productTitle: title,
            submit: (decision) => reject.mutateAsync({ id: product._id, decision }),
            afterClose: (decided) => focusAfterDecision(trigger, decided),
          });
        }}
      >
        Reject
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-describedby={titleId}
        data-row-action="request-changes"
        disabled={busy}
        onClick={(event) => {
          approve.reset();
          const trigger = event.currentTarget;
          onAskReason({
            action: 'Request changes',
            explanation: 'The seller is asked to fix the product and send it again; it stays out of the store until then.',
            productTitle: title,
            submit: (decision) => requestChanges.mutateAsync({ id: product._id, decision }),
            afterClose: (decided) => focusAfterDecision(trigger, decided),
          });
        }}
      >
        Request changes
      </button>
      <button type="button" className="btn btn-sm btn-outline-danger" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
        Delete
      </button>
      {/* The listing as buyers will see it: the product page, which admins may read while it is pending. */}
      <Link className="btn btn-sm btn-outline-secondary" to={detailPath(product)} aria-describedby={titleId}>
        View
      </Link>
      {/* Streams the archive from the server, to admins only (DESIGN.md). */}
      <a
        className="btn btn-sm btn-outline-secondary"
        href={apiPath(API_PATHS.product.sourceCode, { id: product._id })}
        aria-describedby={titleId}
        download
      >
        Source code
      </a>
      <FormError message={error?.message} className="w-100 small mb-0" />
      {/* What the archive's analysis found, beside Approve, so no secret is published unseen. */}
      <ArchiveCheckNote productId={product._id} />
    </>
  );
}
