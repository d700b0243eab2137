import { Link } from 'react-router';
import type { Licence } from '@market/contracts';
import { formatDollars } from '@/lib/format';
import { upgradeCheckoutPath } from '../upgradePath';

/**
 * The way to the licence's Single → Multi upgrade, with what it costs today (docs/decisions/0010);
 * nothing when it cannot be upgraded.
 */
export function UpgradeLink({
  licence,
  describedBy,
  className = 'btn btn-sm btn-primary',
}: {
  licence: Licence;
  describedBy?: string;
  className?: string;
}) {
  if (!licence.upgrade) return null;
  const { price, listPrice } = licence.upgrade;
  return (
    <Link className={className} to={upgradeCheckoutPath(licence.purchaseCode)} aria-describedby={describedBy}>
      Upgrade to Multi App License for {formatDollars(price)}
      {listPrice > price && (
        <>
          {' '}
          <s className="opacity-75">
            <span className="visually-hidden">instead of </span>
            {formatDollars(listPrice)}
          </s>
        </>
      )}
    </Link>
  );
}
