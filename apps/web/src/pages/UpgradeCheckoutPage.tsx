import { useParams } from 'react-router';
import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { UpgradeCheckoutView } from '@/features/checkout';

/** /checkout/upgrade/{code}: a licence's Single → Multi upgrade, paid as the cart is (docs/decisions/0010). */
export default function UpgradeCheckoutPage() {
  const { code = '' } = useParams();
  return (
    <section className="container page-section">
      <PageHead title="Upgrade your licence" />
      <NoticeRegion />
      <h1 className="page-title">Upgrade to Multi App License</h1>
      <UpgradeCheckoutView code={code} />
    </section>
  );
}
