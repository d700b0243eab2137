import { showNotice } from '@/components/notice/notices';
import { moveWishlistItemToCart, removeFromWishlist, useWishlistItems } from '@/features/cart';
import { ProductLine, lineTitleId } from './ProductLine';
import '../checkout.css';

/** /userPanel/whishlist-products: saved products with Move to cart and Remove. */
export function WishlistView() {
  const items = useWishlistItems();
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
                onClick={() => {
                  const result = moveWishlistItemToCart(item._id);
                  showNotice(result.message, result.added ? 'success' : 'info');
                }}
              >
                Move to cart
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-describedby={lineTitleId(item)}
                onClick={() => removeFromWishlist(item._id)}
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
