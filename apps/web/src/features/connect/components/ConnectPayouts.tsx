import type { ConnectPayout } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { PageSpinner } from '@/components/PageSpinner';
import { QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { usePayoutStatus } from '@/features/payouts';
import { formatCents, formatDateTimeUtc, formatDayUtc, formatDollars } from '@/lib/format';
import { useConnectPayouts } from '../api/connectPayouts';
import { useSendPayout } from '../api/sendPayout';

const STATUS_TEXT: Record<ConnectPayout['status'], string> = {
  claimed: 'On its way',
  transferred: 'Sent',
  failed: 'Refused by Stripe',
};

/**
 * An enabled seller's money through Stripe (docs/decisions/0012): what can be sent now, what is still
 * inside the refund window and when it becomes available, a "Pay out now" button, and the payouts so far.
 */
export function ConnectPayouts() {
  const status = usePayoutStatus();
  const send = useSendPayout();
  if (status.isPending) return <PageSpinner label="Loading your balance…" />;
  if (status.isError) return <FormError message={status.error.message} />;
  const { availableCents, maturing, holds } = status.data;
  const pay = () =>
    send.mutate(undefined, {
      onSuccess: (payout) =>
        payout.status === 'failed'
          ? showNotice(`Stripe refused the payout: ${payout.failure ?? 'no reason given'}. The amount is available again.`, 'danger')
          : showNotice(`${formatDollars(payout.net)} sent to your Stripe account`),
    });
  return (
    <div className="connect-payouts-money">
      <dl className="connect-payouts-figures">
        <div>
          <dt>Available to pay out</dt>
          <dd>{formatCents(availableCents)}</dd>
        </div>
        {maturing.map((part) => (
          <div key={part.availableOn}>
            <dt>Available on {formatDayUtc(`${part.availableOn}T00:00:00Z`)}</dt>
            <dd>{formatCents(part.cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="small text-secondary">
        Earnings become available once a sale&apos;s refund window has passed. Each payout keeps the 8% platform fee.
      </p>
      {/* A hold says why on the page above; the button stays, so its refusal can be read here too. */}
      <button
        type="button"
        className="btn btn-primary"
        aria-busy={send.isPending || undefined}
        disabled={send.isPending || (availableCents <= 0 && holds.length === 0)}
        onClick={pay}
      >
        {send.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        Pay out now
      </button>
      <FormError message={send.error?.message} className="mt-2" />
      <PayoutHistory />
    </div>
  );
}

function PayoutHistory() {
  const payouts = useConnectPayouts();
  return (
    <QueryView query={payouts} loadingLabel="Loading your payouts…" isEmpty={(list) => list.length === 0} empty="No payouts yet.">
      {(list) => (
        <TableScroll label="Your payouts through Stripe" className="mt-3">
          <table className="table table-sm align-middle mb-0">
            <caption className="visually-hidden">Your payouts through Stripe</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Fee</th>
                <th scope="col">Sent</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((payout) => (
                <tr key={payout._id}>
                  <td>{formatDateTimeUtc(payout.claimedAt)}</td>
                  <td>{formatDollars(payout.amount)}</td>
                  <td>{formatDollars(payout.fee)}</td>
                  <td>{payout.status === 'transferred' ? formatDollars(payout.net) : '—'}</td>
                  <td>
                    {STATUS_TEXT[payout.status]}
                    {payout.failure && <span className="d-block small text-secondary">{payout.failure}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryView>
  );
}
