import { WithdrawalDetail } from '@/features/money';
import { PayoutHoldAlerts } from '@/features/payouts';

/** /userPanel/withdrawl-detail (sidebar: Withdrawl Detail): an open payout hold is shown before the form it refuses. */
export default function WithdrawlDetailPage() {
  return (
    <>
      <PayoutHoldAlerts />
      <WithdrawalDetail />
    </>
  );
}
