import { useState } from 'react';
import { Link } from 'react-router';
import { productTitle } from '@market/contracts';
import { EditProductButton } from '@/features/product-editor';
import { ArchiveCheckNote } from '@/features/inside';
import { NewVersionButton } from '@/features/releases';
import { useUploadedProducts } from '../api/uploadedProducts';
import { ProductsTable } from './ProductsTable';
import { isEmptyList, QueryView } from '@/components/query-view';
import { ViewProductModal } from './ViewProductModal';
import '../moderation.css';

/** /userPanel/user-uploaded-products: the user's own products with their status, view, edit and new versions. */
export function MyUploadedProducts() {
  const query = useUploadedProducts({ mine: true });
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <QueryView
        query={query}
        isEmpty={isEmptyList}
        loadingLabel="Loading your products…"
        empty={
          <p>
            You have not uploaded any product yet. <Link to="/userPanel/user-upload-product">Upload a product</Link>
          </p>
        }
      >
        {(products) => (
          <ProductsTable
            caption="Your uploaded products"
            products={products}
            showStatus
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
                <NewVersionButton productId={product._id} productTitle={productTitle(product.title)} describedBy={titleId} />
                <ArchiveCheckNote productId={product._id} />
              </>
            )}
          />
        )}
      </QueryView>
      <ViewProductModal productId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
