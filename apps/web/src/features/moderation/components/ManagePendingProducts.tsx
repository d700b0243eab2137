import { useEffect, useRef, useState } from 'react';
import { API_PATHS, apiPath, productTitle, type ProductSummary } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { useApproveProduct } from '../api/approveProduct';
import { useRejectProduct } from '../api/rejectProduct';
import { useUploadedProducts } from '../api/uploadedProducts';
import { DeleteProductDialog, type ProductToDelete } from './DeleteProductDialog';
import { ProductsTable } from './ProductsTable';
import { isEmptyList, QueryView } from '@/components/query-view';
import '../moderation.css';

/** /adminPanel/manage-pending-products: approve, reject, delete, and the source code link. */
export function ManagePendingProducts() {
  const query = useUploadedProducts({ status: 'Pending' });
  const [toDelete, setToDelete] = useState<ProductToDelete | null>(null);
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
              />
            )}
          />
        )}
      </QueryView>
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

interface PendingActionsProps {
  product: ProductSummary;
  titleId: string;
  rowFocus: ReturnType<typeof useFocusAfterRowLeaves>;
  onDelete: () => void;
}

function PendingActions({ product, titleId, rowFocus, onDelete }: PendingActionsProps) {
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const busy = approve.isPending || reject.isPending;
  const error = approve.error ?? reject.error;
  const approveButton = useRef<HTMLButtonElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);

  // The row leaves once approved or rejected and focus moves on with it; a refusal keeps the row,
  // so focus returns to the button (disabled while waiting, it had dropped focus).
  const { stays } = rowFocus;
  useEffect(() => {
    if (!approve.isError && !reject.isError) return;
    stays();
    (approve.isError ? approveButton : rejectButton).current?.focus();
  }, [approve.isError, reject.isError, stays]);

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
          approve.mutate(product._id);
        }}
      >
        Approve
      </button>
      <button
        ref={rejectButton}
        type="button"
        className="btn btn-sm btn-outline-warning text-body"
        aria-describedby={titleId}
        data-row-action="reject"
        disabled={busy}
        aria-busy={reject.isPending}
        onClick={() => {
          approve.reset();
          rowFocus.willLeave(product._id, 'reject');
          reject.mutate(product._id);
        }}
      >
        Reject
      </button>
      <button type="button" className="btn btn-sm btn-outline-danger" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
        Delete
      </button>
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
    </>
  );
}
