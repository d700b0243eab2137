import { SellerAnalytics } from '@/features/analytics';

/** /userPanel/analytics (sidebar: Analytics; docs/decisions/0020). */
export default function AnalyticsPage() {
  return <SellerAnalytics />;
}
