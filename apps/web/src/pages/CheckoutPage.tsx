import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { CheckoutView } from '@/features/checkout';

/** /checkout (docs/product-spec.md §2.6): signed-in users only. */
export default function CheckoutPage() {
  return (
    <section className="container page-section">
      <PageHead title="Checkout" />
      <NoticeRegion />
      <h1 className="page-title">Checkout</h1>
      <CheckoutView />
    </section>
  );
}
