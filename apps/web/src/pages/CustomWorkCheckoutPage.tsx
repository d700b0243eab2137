import { useParams } from 'react-router';
import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { CustomWorkCheckoutView } from '@/features/checkout';

/** /checkout/custom-work/{id}: a milestone paid into escrow, as the cart is paid (docs/decisions/0013). */
export default function CustomWorkCheckoutPage() {
  const { id = '' } = useParams();
  return (
    <section className="container page-section">
      <PageHead title="Pay into escrow" />
      <NoticeRegion />
      <h1 className="page-title">Pay into escrow</h1>
      <CustomWorkCheckoutView id={id} />
    </section>
  );
}
