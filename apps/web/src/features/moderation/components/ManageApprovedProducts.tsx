import { useState } from 'react';
import { productTitle } from '@market/contracts';
import { EditProductButton } from '@/features/product-editor';
import { useUploadedProducts } from '../api/uploadedProducts';
import { DeleteProductDialog, type ProductToDelete } from './DeleteProductDialog';
import { ProductsTable } from './ProductsTable';
import { ViewProductModal } from './ViewProductModal';
import { isEmptyList, QueryView } from '@/components/query-view';
import '../moderation.css';

/** /adminPanel/manage-products: every Approved product, with its details (and moderation history), edit and delete. */
export function ManageApprovedProducts() {
  const query = useUploadedProducts({ status: 'Approved' });
  const [toDelete, setToDelete] = useState<ProductToDelete | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <QueryView query={query} isEmpty={isEmptyList} loadingLabel="Loading approved products…" empty={<p>No Approved Product Found</p>}>
        {(products) => (
          <ProductsTable
            caption="Approved products"
            products={products}
            renderActions={(product, titleId) => (
              <>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-describedby={titleId}
                  onClick={() => setViewing(product._id)}
                >
                  View
                </button>
                <EditProductButton productId={product._id} describedBy={titleId} />
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-describedby={titleId}
                  onClick={() => setToDelete({ id: product._id, title: productTitle(product.title) })}
                >
                  Delete
                </button>
              </>
            )}
          />
        )}
      </QueryView>
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
      <ViewProductModal productId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
