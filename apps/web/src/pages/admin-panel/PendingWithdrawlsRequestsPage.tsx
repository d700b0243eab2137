import { WithdrawalRequests } from '@/features/money';

/** /adminPanel/pending-withdrawls-requests. */
export default function PendingWithdrawlsRequestsPage() {
  return <WithdrawalRequests status="Pending" />;
}
