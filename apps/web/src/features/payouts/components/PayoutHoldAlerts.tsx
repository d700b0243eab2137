import { formatDayUtc } from '@/lib/format';
import { usePayoutStatus } from '../api/payoutStatus';
import '../payouts.css';

/** A review day (YYYY-MM-DD) as "Feb 1, 2026", the same whatever the browser's time zone. */
export const reviewDay = (day: string) => formatDayUtc(`${day}T00:00:00Z`) || day;

/**
 * The seller's open payout holds (docs/decisions/0012 "Holds"), one alert region each, named by its
 * heading: why, what to do, and until when it is reviewed. Nothing while there is none.
 */
export function PayoutHoldAlerts() {
  const query = usePayoutStatus();
  if (query.isError) {
    return (
      <output className="payout-holds-error d-block small text-secondary mb-3">
        Could not check whether your payouts are on hold.{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </output>
    );
  }
  const holds = query.data?.holds ?? [];
  if (holds.length === 0) return null;
  return (
    <div className="payout-holds">
      {holds.map((hold) => (
        <section key={hold._id} className="alert alert-warning payout-hold" aria-labelledby={`payout-hold-${hold._id}`}>
          <h2 id={`payout-hold-${hold._id}`} className="h6 mb-1">
            Your payouts are on hold: {hold.reason}
          </h2>
          <p className="mb-1">
            <span className="fw-semibold">What to do:</span> {hold.needed}
          </p>
          <p className="mb-0 small">
            Under review until <time dateTime={hold.reviewBy}>{reviewDay(hold.reviewBy)}</time>. Withdrawals wait until then.
          </p>
        </section>
      ))}
    </div>
  );
}
