import type { ReactNode } from 'react';
import { TableScroll } from '@/components/TableScroll';
import { productTitle, type ProductSummary } from '@market/contracts';
import { ModerationNote } from './ModerationNote';
import { ProductStatusBadge } from './ProductStatusBadge';
import { formatDate, formatDollars } from '@/lib/format';

interface ProductsTableProps {
  caption: string;
  products: ProductSummary[];
  showStatus?: boolean;
  /** Row actions; `titleId` names the product for the buttons' descriptions. */
  renderActions: (product: ProductSummary, titleId: string) => ReactNode;
}

export function titleIdOf(product: ProductSummary): string {
  return `product-title-${product._id}`;
}

/** One table for every moderation list; secondary columns fold away on small screens. */
export function ProductsTable({ caption, products, showStatus = false, renderActions }: ProductsTableProps) {
  return (
    <TableScroll label={caption} className="moderation-table">
      <table className="table align-middle">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col" className="d-none d-md-table-cell">
              Category
            </th>
            <th scope="col" className="d-none d-lg-table-cell">
              Sub Category
            </th>
            <th scope="col">Price</th>
            <th scope="col" className="d-none d-lg-table-cell">
              Uploaded
            </th>
            {showStatus && <th scope="col">Status</th>}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const titleId = titleIdOf(product);
            return (
              <tr key={product._id} data-row-id={product._id}>
                <th scope="row" className="fw-semibold moderation-product text-break">
                  <img
                    className="moderation-thumb d-none d-sm-block"
                    src={product.thumbnail}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                  <span id={titleId}>{productTitle(product.title)}</span>
                  <span className="d-block small text-secondary fw-normal">{product.type}</span>
                </th>
                <td className="d-none d-md-table-cell">{product.category}</td>
                <td className="d-none d-lg-table-cell">{product.subCategory}</td>
                <td>{formatDollars(product.singleAppLicense)}</td>
                <td className="d-none d-lg-table-cell">{formatDate(product.createdAt)}</td>
                {showStatus && (
                  <td>
                    <ProductStatusBadge status={product.status} />
                    <ModerationNote moderation={product.moderation} />
                  </td>
                )}
                <td>
                  <div className="moderation-actions">{renderActions(product, titleId)}</div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
