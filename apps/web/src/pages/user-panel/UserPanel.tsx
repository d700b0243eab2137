import { lazy } from 'react';
import { PanelLayout, type PanelEntry } from '@/components/panel/PanelLayout';
import { ActingBanner } from '@/features/studios';

const UserUploadProductPage = lazy(() => import('./UserUploadProductPage'));
const UserUploadedProductsPage = lazy(() => import('./UserUploadedProductsPage'));
const WishlistPage = lazy(() => import('./WishlistPage'));
const PurchasesPage = lazy(() => import('./PurchasesPage'));
const UserDashboardPage = lazy(() => import('./UserDashboardPage'));
const WithdrawlDetailPage = lazy(() => import('./WithdrawlDetailPage'));
const EarningsDetailPage = lazy(() => import('./EarningsDetailPage'));
const StatementPage = lazy(() => import('./StatementPage'));
const AnalyticsPage = lazy(() => import('./AnalyticsPage'));
const DiscountsPage = lazy(() => import('./DiscountsPage'));
const SalesPage = lazy(() => import('./SalesPage'));
const BundlesPage = lazy(() => import('./BundlesPage'));
const UserChatboxPage = lazy(() => import('./UserChatboxPage'));
const NotificationsPage = lazy(() => import('./NotificationsPage'));
const LicencesPage = lazy(() => import('./LicencesPage'));
const ApiTokensPage = lazy(() => import('./ApiTokensPage'));
const CustomWorkPage = lazy(() => import('./CustomWorkPage'));
const WebhooksPage = lazy(() => import('./WebhooksPage'));
const StudioPage = lazy(() => import('./StudioPage'));
const SecurityPage = lazy(() => import('./SecurityPage'));

/** docs/product-spec.md §2.8, in the sidebar's order. */
export const USER_PANEL_ENTRIES: readonly PanelEntry[] = [
  { path: 'user-dashboard', label: 'Dashboard', summary: 'Your sales, earnings and latest activity at a glance.', page: UserDashboardPage },
  {
    path: 'user-upload-product',
    label: 'Upload Product',
    summary: 'A three-step form to submit a game or app for admin approval.',
    page: UserUploadProductPage,
  },
  {
    path: 'user-uploaded-products',
    label: 'Manage Products',
    summary: 'Your uploaded and pending products, read-only, with their approval status.',
    page: UserUploadedProductsPage,
  },
  {
    path: 'whishlist-products',
    label: 'Whishlist Products',
    summary: 'Products you saved for later.',
    page: WishlistPage,
  },
  {
    path: 'purchases',
    label: 'Purchases',
    summary: 'Products you bought, with a download button while the licence window is open.',
    page: PurchasesPage,
  },
  {
    path: 'licences',
    label: 'Licences',
    summary: 'Your purchase codes, the apps you use them in, and a printable certificate of each licence.',
    page: LicencesPage,
    nested: true,
  },
  {
    path: 'withdrawl-detail',
    label: 'Withdrawl Detail',
    summary: 'Request a PayPal withdrawal of your balance and follow its status.',
    page: WithdrawlDetailPage,
  },
  { path: 'earnings-detail', label: 'Earnings', summary: 'Your earnings, withdrawals and remaining balance.', page: EarningsDetailPage },
  {
    path: 'statement',
    label: 'Statement',
    summary: 'Every sale, refund and withdrawal on your account, with the balance after each.',
    page: StatementPage,
  },
  {
    path: 'analytics',
    label: 'Analytics',
    summary: 'Views, carts, sales and revenue of your products per day, where visitors came from, and who downloaded each version.',
    page: AnalyticsPage,
  },
  {
    path: 'discounts',
    label: 'Discounts',
    summary: 'Codes that take a percent or an amount off your products, with their uses and revenue.',
    page: DiscountsPage,
  },
  {
    path: 'sales',
    label: 'Sales',
    summary: 'Put your products on sale for a while at a percent off, with prices buyers can trust.',
    page: SalesPage,
  },
  {
    path: 'bundles',
    label: 'Bundles',
    summary: 'Sell some of your products together at one price, at least 10% below what they cost one by one.',
    page: BundlesPage,
  },
  {
    path: 'custom-work',
    label: 'Custom Work',
    summary: 'Reskins and ports you buy or sell, paid through escrow, and the reskin requests you can quote.',
    page: CustomWorkPage,
  },
  {
    path: 'user-chatbox',
    label: 'User Chatbox',
    summary: 'Talk to the admin about reskin features of your purchases.',
    page: UserChatboxPage,
  },
  {
    path: 'notifications',
    label: 'Notifications',
    summary: 'New versions of what you bought and decisions on what you sell.',
    page: NotificationsPage,
  },
  {
    path: 'api-tokens',
    label: 'API Tokens',
    summary: 'Tokens your programs use for the API, each with its scopes and expiry: your products, sales, statement and licences.',
    page: ApiTokensPage,
  },
  {
    path: 'webhooks',
    label: 'Webhooks',
    summary: 'Signed notices to your own servers when an order is paid, refunded or reviewed, with every delivery and a replay.',
    page: WebhooksPage,
  },
  {
    path: 'studio',
    label: 'Studio',
    summary: 'Turn your account into a studio, invite members in roles, and read what each of them changed.',
    page: StudioPage,
  },
  {
    path: 'security',
    label: 'Security',
    summary: 'Two-factor sign-in with an authenticator app or passkeys, recovery codes, and the browsers signed in to your account.',
    page: SecurityPage,
  },
];

export default function UserPanel() {
  return (
    <>
      <ActingBanner />
      <PanelLayout basePath="/userPanel" name="User Panel" entries={USER_PANEL_ENTRIES} defaultPath="user-dashboard" />
    </>
  );
}
