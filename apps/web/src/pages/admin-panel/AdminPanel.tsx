import { lazy } from 'react';
import { PanelLayout, type PanelEntry } from '@/components/panel/PanelLayout';

const UploadProductPage = lazy(() => import('./UploadProductPage'));
const ManageProductsPage = lazy(() => import('./ManageProductsPage'));
const ManagePendingProductsPage = lazy(() => import('./ManagePendingProductsPage'));
const AllUsersPage = lazy(() => import('./AllUsersPage'));
const PurchasersPage = lazy(() => import('./PurchasersPage'));
const SellersPage = lazy(() => import('./SellersPage'));
const PendingWithdrawlsRequestsPage = lazy(() => import('./PendingWithdrawlsRequestsPage'));
const SuccessWithdrawlsRequestsPage = lazy(() => import('./SuccessWithdrawlsRequestsPage'));
const AdminChatboxPage = lazy(() => import('./AdminChatboxPage'));
const UploadedCommentsPage = lazy(() => import('./UploadedCommentsPage'));
const ManageDeveloperPage = lazy(() => import('./ManageDeveloperPage'));
const NotificationsPage = lazy(() => import('../user-panel/NotificationsPage'));
const LicencesPage = lazy(() => import('./LicencesPage'));
const RefundRequestsPage = lazy(() => import('./RefundRequestsPage'));
const PlatformCodesPage = lazy(() => import('./PlatformCodesPage'));
const ReconciliationPage = lazy(() => import('./ReconciliationPage'));
const CustomWorkPage = lazy(() => import('./CustomWorkPage'));
const SecurityPage = lazy(() => import('../user-panel/SecurityPage'));

/**
 * docs/product-spec.md §2.9's eleven entries, each a child route (Custom Work, docs/decisions/0013, beside the chat it
 * comes from), then Refund Requests, Platform codes, Reconciliation
 * (the money pages), Notifications and Licences.
 */
export const ADMIN_PANEL_ENTRIES: readonly PanelEntry[] = [
  { path: 'all-users', label: 'All Users', summary: 'Every registered account with its role.', page: AllUsersPage },
  { path: 'purchasers', label: 'Purchasers', summary: 'Users who bought at least one licence, with refunds.', page: PurchasersPage },
  { path: 'sellers', label: 'Sellers', summary: 'Users who uploaded products, and each one’s statement.', page: SellersPage, nested: true },
  {
    path: 'upload-product',
    label: 'Upload Product',
    summary: 'Publish a product directly; admin uploads are approved at once.',
    page: UploadProductPage,
  },
  {
    path: 'manage-products',
    label: 'Manage Approved Products',
    summary: 'All approved products, with edit and delete.',
    page: ManageProductsPage,
  },
  {
    path: 'manage-pending-products',
    label: 'Manage Pending Products',
    summary: 'Products and new versions waiting for review, with approve, reject, delete and the source code link.',
    page: ManagePendingProductsPage,
  },
  {
    path: 'uploaded-comments',
    label: 'Uploaded Comments',
    summary: 'Comments posted on product pages, with author emails.',
    page: UploadedCommentsPage,
  },
  {
    path: 'manage-developer',
    label: 'Manage Developer',
    summary: 'Hire-a-developer requests and contact messages sent by visitors.',
    page: ManageDeveloperPage,
  },
  {
    path: 'pending-withdrawls-requests',
    label: 'Pending Withdrawls Requests',
    summary: 'Withdrawal requests to pay out (amount after the 8% fee) and mark as paid.',
    page: PendingWithdrawlsRequestsPage,
  },
  {
    path: 'success-withdrawls-requests',
    label: 'Success Withdrawls Requests',
    summary: 'Withdrawals already paid.',
    page: SuccessWithdrawlsRequestsPage,
  },
  { path: 'admin-chatbox', label: 'Admin Chatbox', summary: 'Answer reskin chats and open or close them.', page: AdminChatboxPage },
  {
    path: 'custom-work',
    label: 'Custom Work',
    summary: 'Every custom work order in escrow, the disputes to resolve first.',
    page: CustomWorkPage,
  },
  {
    path: 'refund-requests',
    label: 'Refund Requests',
    summary: 'Buyers asking for their money back within 7 days: refund or decline with a reason.',
    page: RefundRequestsPage,
  },
  {
    path: 'platform-codes',
    label: 'Platform codes',
    summary: 'Discount codes for every seller’s products, paid for by the platform.',
    page: PlatformCodesPage,
  },
  {
    path: 'reconciliation',
    label: 'Reconciliation',
    summary: 'Stripe’s balance transactions compared with the ledger each day, each difference explained; run it now.',
    page: ReconciliationPage,
  },
  { path: 'notifications', label: 'Notifications', summary: 'Notices addressed to you.', page: NotificationsPage },
  {
    path: 'licences',
    label: 'Licences',
    summary: 'Open any licence by its purchase code: clear a registered app or revoke it.',
    page: LicencesPage,
    nested: true,
  },
  {
    path: 'security',
    label: 'Security',
    summary: 'Two-factor sign-in with an authenticator app (required for admins in production), recovery codes, and your sessions.',
    page: SecurityPage,
  },
];

export default function AdminPanel() {
  return <PanelLayout basePath="/adminPanel" name="Admin Panel" entries={ADMIN_PANEL_ENTRIES} defaultPath="all-users" />;
}
