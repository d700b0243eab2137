import { useSearchParams } from 'react-router';
import type { PayoutAccount, PayoutAccountState } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { PageSpinner } from '@/components/PageSpinner';
import { ErrorState } from '@/components/query-view';
import { usePayoutAccount } from '../api/payoutAccount';
import { useStartOnboarding } from '../api/startOnboarding';
import { ConnectPayouts } from './ConnectPayouts';
import { disabledReasonInWords, requirementsInWords } from './requirementText';
import '../connect.css';

const TITLE_ID = 'payouts-stripe-title';

const BADGES: Record<PayoutAccountState, { label: string; className: string }> = {
  none: { label: 'Not set up', className: 'text-bg-secondary' },
  details_needed: { label: 'Details needed', className: 'text-bg-warning' },
  pending_verification: { label: 'Pending verification', className: 'text-bg-info' },
  enabled: { label: 'Enabled', className: 'text-bg-success' },
};

export interface PayoutAccountSectionProps {
  /** Sends the browser to Stripe's onboarding page; tests replace it. */
  leave?: (url: string) => void;
}

/**
 * The earnings page's payouts through Stripe (docs/decisions/0012), in connect mode only: manual
 * mode (docs/product-spec.md's PayPal withdrawals) shows nothing new. Stripe sends the seller back
 * with `?connect=return` (the account is then asked of Stripe, the webhook may be late) or, when the
 * link went stale, `?connect=refresh`.
 */
export function PayoutAccountSection({ leave = (url) => window.location.assign(url) }: PayoutAccountSectionProps) {
  const [params] = useSearchParams();
  const back = params.get('connect');
  const query = usePayoutAccount(back === 'return');
  if (query.isPending) return back ? <PageSpinner label="Checking your Stripe account…" /> : null;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.mode !== 'connect') return null;
  return <ConnectCard account={query.data} expired={back === 'refresh'} leave={leave} />;
}

function ConnectCard({ account, expired, leave }: { account: PayoutAccount; expired: boolean; leave: (url: string) => void }) {
  const start = useStartOnboarding();
  // Pending until the browser has left for Stripe: a second press would only make a second link.
  const leaving = start.isPending || start.isSuccess;
  const badge = BADGES[account.state];
  const reason = disabledReasonInWords(account.disabledReason, account.state);
  const canStart = account.state === 'none' || account.state === 'details_needed';
  return (
    <section className="connect-payouts" aria-labelledby={TITLE_ID}>
      <div className="connect-payouts-head">
        <h2 id={TITLE_ID} className="h5 mb-0">
          Payouts with Stripe
        </h2>
        <span className={`badge ${badge.className}`}>{badge.label}</span>
      </div>
      {/* Announced when it changes: the seller back from Stripe hears where the account stands. */}
      <div aria-live="polite">
        {expired && account.state !== 'enabled' && (
          <p>Your setup link had expired. Continue to get a fresh one; what you already gave Stripe is kept.</p>
        )}
        <StateText account={account} />
        {reason && <p>{reason}</p>}
      </div>
      {canStart && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={leaving}
          aria-busy={leaving}
          onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => leave(url) })}
        >
          {leaving && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {account.state === 'none' ? 'Set up payouts with Stripe' : 'Continue with Stripe'}
        </button>
      )}
      <FormError message={start.error?.message} className="mt-2" />
      {account.state === 'enabled' && <ConnectPayouts />}
    </section>
  );
}

function StateText({ account }: { account: PayoutAccount }) {
  switch (account.state) {
    case 'none':
      return (
        <p>
          Get your earnings paid to your bank account through Stripe. Stripe asks who you are and where to pay you; the marketplace never
          sees your bank details.
        </p>
      );
    case 'details_needed': {
      const needed = requirementsInWords(account.requirementsDue);
      if (needed.length === 0) return <p>Finish setting up your account with Stripe before it can pay you.</p>;
      return (
        <>
          <p id="payouts-stripe-needed">Stripe needs these details before it can pay you:</p>
          <ul className="connect-payouts-needed" aria-labelledby="payouts-stripe-needed">
            {needed.map((words) => (
              <li key={words}>{words}</li>
            ))}
          </ul>
        </>
      );
    }
    case 'pending_verification':
      return (
        <p>
          Stripe is verifying your details. This takes from a few minutes to a few days; this page shows it as soon as payouts are enabled.
        </p>
      );
    case 'enabled':
      return <p>Payouts are enabled: your earnings are sent to your Stripe account.</p>;
  }
}
