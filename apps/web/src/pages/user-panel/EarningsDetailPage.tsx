import { PayoutAccountSection } from '@/features/connect';
import { EarningsDetail } from '@/features/money';
import { PayoutHoldAlerts } from '@/features/payouts';

/**
 * /userPanel/earnings-detail (sidebar: Earnings): open payout holds first, then the figures; in connect
 * mode also payouts with Stripe (docs/decisions/0012).
 */
export default function EarningsDetailPage() {
  return (
    <>
      <PayoutHoldAlerts />
      <EarningsDetail />
      <PayoutAccountSection />
    </>
  );
}
