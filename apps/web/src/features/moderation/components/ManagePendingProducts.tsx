import { useState } from 'react';
import { API_PATHS, apiPath, productTitle, type ProductSummary } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useApproveProduct } from '../api/approveProduct';
import { useRejectProduct } from '../api/rejectProduct';
import { useUploadedProducts } from '../api/uploadedProducts';
import { DeleteProductDialog, type ProductToDelete } from './DeleteProductDialog';
import { ProductsTable } from './ProductsTable';
import { ListQuery } from './QueryStates';
import '../moderation.css';

/** /adminPanel/manage-pending-products: approve, reject, delete, and the source code link. */
export function ManagePendingProducts() {
  const query = useUploadedProducts({ status: 'Pending' });
  const [toDelete, setToDelete] = useState<ProductToDelete | null>(null);
  return (
    <>
      <ListQuery query={query} loadingLabel="Loading pending products…" empty={<p>No Pending Product Found</p>}>
        {(products) => (
          <ProductsTable
            caption="Pending products"
            products={products}
            renderActions={(product, titleId) => (
              <PendingActions
                product={product}
                titleId={titleId}
                onDelete={() => setToDelete({ id: product._id, title: productTitle(product.title) })}
              />
            )}
          />
        )}
      </ListQuery>
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

interface PendingActionsProps {
  product: ProductSummary;
  titleId: string;
  onDelete: () => void;
}

function PendingActions({ product, titleId, onDelete }: PendingActionsProps) {
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const busy = approve.isPending || reject.isPending;
  const error = approve.error ?? reject.error;
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-success"
        aria-describedby={titleId}
        disabled={busy}
        aria-busy={approve.isPending}
        onClick={() => {
          reject.reset();
          approve.mutate(product._id);
        }}
      >
        Approve
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-warning text-body"
        aria-describedby={titleId}
        disabled={busy}
        aria-busy={reject.isPending}
        onClick={() => {
          approve.reset();
          reject.mutate(product._id);
        }}
      >
        Reject
      </button>
      <button type="button" className="btn btn-sm btn-outline-danger" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
        Delete
      </button>
      {/* Streams the archive from the server, to admins only (DESIGN.md). */}
      <a className="btn btn-sm btn-outline-secondary" href={apiPath(API_PATHS.product.sourceCode, { id: product._id })} aria-describedby={titleId} download>
        Source code
      </a>
      <FormError message={error?.message} className="w-100 small mb-0" />
    </>
  );
}
