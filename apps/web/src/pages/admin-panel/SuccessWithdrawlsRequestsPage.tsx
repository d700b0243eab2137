import { WithdrawalRequests } from '@/features/money';

/** /adminPanel/success-withdrawls-requests. */
export default function SuccessWithdrawlsRequestsPage() {
  return <WithdrawalRequests status="Success" />;
}
