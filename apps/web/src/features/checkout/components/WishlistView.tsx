import { showNotice } from '@/components/notice/notices';
import { moveWishlistItemToCart, removeFromWishlist, useWishlistItems } from '@/features/cart';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { ProductLine, lineTitleId } from './ProductLine';
import '../checkout.css';

/**
 * /userPanel/whishlist-products: saved products with Move to cart and Remove. Focus follows a line
 * that leaves to the same button of the next line, or to the page's heading.
 */
export function WishlistView() {
  const items = useWishlistItems();
  const focusAfter = useFocusAfterRowLeaves(items.map((item) => item._id));
  if (items.length === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">No Products In Wishlist</p>
      </div>
    );
  }
  return (
    <ul className="product-lines" aria-label="Products in your wishlist">
      {items.map((item) => (
        <ProductLine
          key={item._id}
          item={item}
          actions={
            <>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                aria-describedby={lineTitleId(item)}
                data-row-action="move"
                onClick={() => {
                  focusAfter.willLeave(item._id, 'move');
                  const result = moveWishlistItemToCart(item._id);
                  if (!result.added) focusAfter.stays();
                  showNotice(result.message, result.added ? 'success' : 'info');
                }}
              >
                Move to cart
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-describedby={lineTitleId(item)}
                data-row-action="remove"
                onClick={() => {
                  focusAfter.willLeave(item._id, 'remove');
                  removeFromWishlist(item._id);
                }}
              >
                Remove
              </button>
            </>
          }
        />
      ))}
    </ul>
  );
}
