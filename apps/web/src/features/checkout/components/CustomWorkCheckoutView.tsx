import { Link } from 'react-router';
import type { CustomWork } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { useCustomWork } from '@/features/custom-work';
import { formatCents } from '@/lib/format';
import { usePayForCustomWork } from '../usePayForCustomWork';
import { CardPayment } from './CardPayment';
import '../checkout.css';

/** /checkout/custom-work/{id}: the cart's card step for the current milestone of a custom work order (docs/decisions/0013). */
export function CustomWorkCheckoutView({ id }: { id: string }) {
  const work = useCustomWork(id);
  return (
    <QueryView query={work} loadingLabel="Loading the order…">
      {(loaded) => <MilestoneCheckout work={loaded} />}
    </QueryView>
  );
}

function MilestoneCheckout({ work }: { work: CustomWork }) {
  const milestone = work.milestones[work.current];
  const amountCents = milestone?.amountCents ?? 0;
  const payment = usePayForCustomWork(work._id, amountCents);
  if (!work.actions.includes('fund') || !milestone) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">Nothing is waiting to be paid on this order.</p>
        <Link to={`/custom-work/${work._id}`} className="btn btn-primary">
          Back to the order
        </Link>
      </div>
    );
  }
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <CardPayment amountLabel={formatCents(amountCents)} payment={payment} />
      </div>
      <div className="col-12 col-lg-5">
        <section className="cart-summary" aria-labelledby="custom-work-summary-title">
          <h2 className="cart-summary-title" id="custom-work-summary-title">
            Order Summary
          </h2>
          <p className="product-line-title">Custom work on {work.product.title}</p>
          <p className="product-line-meta">
            {work.milestones.length > 1
              ? `Milestone ${work.current + 1} of ${work.milestones.length}: ${milestone.title}`
              : 'The whole work'}{' '}
            · by {work.seller.name}
          </p>
          <p className="small text-secondary">
            The money is held in escrow: the seller is paid only once you accept the delivery, or an admin decides a dispute.
          </p>
          <dl className="cart-summary-list">
            <div className="cart-summary-total">
              <dt>Total</dt>
              <dd>{formatCents(amountCents)}</dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}
