import { Link } from 'react-router';
import { XIcon } from '@/components/icons';
import { PageHead } from '@/components/PageHead';

export default function PurchaseUnsuccessfulPage() {
  return (
    <section className="container page-section outcome-page">
      <PageHead title="Payment Unsuccessful" />
      <div className="outcome-card">
        <span className="outcome-icon outcome-icon-failure" aria-hidden="true">
          <XIcon size={32} />
        </span>
        <h1 className="page-title">Payment Unsuccessful</h1>
        <p className="text-secondary">
          Your payment could not be completed and you haven&apos;t been charged. Check your card details and try again.
        </p>
        <Link to="/cart-products" className="btn btn-primary">
          Try Again
        </Link>
      </div>
    </section>
  );
}
