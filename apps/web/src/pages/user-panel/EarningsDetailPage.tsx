import { EarningsDetail } from '@/features/money';

/** /userPanel/earnings-detail (sidebar: Earnings). */
export default function EarningsDetailPage() {
  return <EarningsDetail />;
}
