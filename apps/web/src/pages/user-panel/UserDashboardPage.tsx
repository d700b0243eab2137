import { SellerDashboard } from '@/features/money';

/** /userPanel/user-dashboard (sidebar: Dashboard). */
export default function UserDashboardPage() {
  return <SellerDashboard />;
}
