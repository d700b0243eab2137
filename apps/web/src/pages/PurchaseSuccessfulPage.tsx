import { Link } from 'react-router';
import { DOWNLOAD_WINDOW_HOURS } from '@market/contracts';
import { CheckIcon } from '@/components/icons';
import { PageHead } from '@/components/PageHead';

export default function PurchaseSuccessfulPage() {
  return (
    <section className="container page-section outcome-page">
      <PageHead title="Payment Confirmed" />
      <div className="outcome-card">
        <span className="outcome-icon outcome-icon-success" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h1 className="page-title">Payment Confirmed</h1>
        <p className="outcome-subtitle">License Activated</p>
        <p className="text-secondary">
          Your source code is ready in your purchases. Downloads stay open for {DOWNLOAD_WINDOW_HOURS['Single App License']} hours with a
          Single App License and {DOWNLOAD_WINDOW_HOURS['Multi App License']} hours with a Multi App License, counted from the purchase.
        </p>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link to="/userPanel/purchases" className="btn btn-primary">
            Go to my purchases
          </Link>
          <Link to="/" className="btn btn-outline-secondary">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}
