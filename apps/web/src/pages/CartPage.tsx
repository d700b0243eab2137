import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { CartView } from '@/features/checkout';

/** /cart-products (docs/product-spec.md §2.6). */
export default function CartPage() {
  return (
    <section className="container page-section">
      <PageHead title="Cart" />
      <NoticeRegion />
      <h1 className="page-title">Cart</h1>
      <CartView />
    </section>
  );
}
