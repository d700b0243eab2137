import { Link } from 'react-router';
import { dollarsToCents, type Licence } from '@market/contracts';
import { PageSpinner } from '@/components/PageSpinner';
import { QueryView } from '@/components/query-view';
import { useLicence } from '@/features/licences';
import { formatCents } from '@/lib/format';
import { usePayForUpgrade } from '../usePayForUpgrade';
import { CardPayment } from './CardPayment';
import '../checkout.css';

/**
 * /checkout/upgrade/{code}: the cart's card step for one licence's Single → Multi upgrade
 * (docs/decisions/0010), beside what it costs: the difference of today's prices.
 */
export function UpgradeCheckoutView({ code }: { code: string }) {
  const licence = useLicence(code);
  return (
    <QueryView query={licence} loadingLabel="Loading your licence…">
      {(loaded) => <UpgradeCheckout licence={loaded} />}
    </QueryView>
  );
}

/** Why the licence cannot be upgraded, read from the licence as the server answered it. */
function whyNot(licence: Licence): string {
  if (licence.status === 'Revoked') return 'This licence has been revoked, so it cannot be upgraded.';
  if (licence.licenseType === 'Multi App License') return 'This licence is a Multi App License already.';
  return 'This product is no longer for sale, so its licence cannot be upgraded.';
}

function UpgradeCheckout({ licence }: { licence: Licence }) {
  const upgrade = licence.upgrade;
  const amountCents = upgrade ? dollarsToCents(upgrade.price) : 0;
  const payment = usePayForUpgrade(licence.purchaseCode, amountCents);

  // Once paid the licence reads Multi while the page gives way to the licences.
  if (!upgrade) {
    if (payment.isSuccess) return <PageSpinner label="Opening your licences…" />;
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">{whyNot(licence)}</p>
        <Link to="/userPanel/licences" className="btn btn-primary">
          Back to your licences
        </Link>
      </div>
    );
  }

  const amountLabel = formatCents(amountCents);
  const listCents = dollarsToCents(upgrade.listPrice);
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <CardPayment amountLabel={amountLabel} payment={payment} />
      </div>
      <div className="col-12 col-lg-5">
        <section className="cart-summary" aria-labelledby="upgrade-summary-title">
          <h2 className="cart-summary-title" id="upgrade-summary-title">
            Order Summary
          </h2>
          <div className="upgrade-summary-product">
            <img className="product-line-thumb" src={licence.product.thumbnail} alt="" width={80} height={56} />
            <div className="min-w-0">
              <p className="product-line-title">{licence.product.title}</p>
              <p className="product-line-meta mb-0">Single App License → Multi App License</p>
            </div>
          </div>
          <p className="small text-secondary">
            The same purchase code <code className="text-break">{licence.purchaseCode}</code> becomes a Multi App License. You pay the
            difference between the two licences’ prices today.
          </p>
          <dl className="cart-summary-list">
            <div>
              <dt>Upgrade price</dt>
              <dd>{formatCents(listCents)}</dd>
            </div>
            {amountCents < listCents && (
              <div>
                <dt>Discount</dt>
                <dd>{formatCents(amountCents - listCents)}</dd>
              </div>
            )}
            <div className="cart-summary-total">
              <dt>Total</dt>
              <dd data-testid="upgrade-total">{amountLabel}</dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}
