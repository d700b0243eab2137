import { RefundRequests } from '@/features/refunds';

/** /adminPanel/refund-requests. */
export default function RefundRequestsPage() {
  return <RefundRequests />;
}
