import { WithdrawalDetail } from '@/features/money';

/** /userPanel/withdrawl-detail (sidebar: Withdrawl Detail). */
export default function WithdrawlDetailPage() {
  return <WithdrawalDetail />;
}
