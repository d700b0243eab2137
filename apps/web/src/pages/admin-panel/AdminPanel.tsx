import { lazy } from 'react';
import { PanelLayout, type PanelEntry } from '@/components/panel/PanelLayout';

const UploadProductPage = lazy(() => import('./UploadProductPage'));
const ManageProductsPage = lazy(() => import('./ManageProductsPage'));
const ManagePendingProductsPage = lazy(() => import('./ManagePendingProductsPage'));

/** SPEC.md 2.9: eleven entries, each a child route. */
export const ADMIN_PANEL_ENTRIES: readonly PanelEntry[] = [
  { path: 'all-users', label: 'All Users', summary: 'Every registered account with its role.' },
  { path: 'purchasers', label: 'Purchasers', summary: 'Users who bought at least one licence.' },
  { path: 'sellers', label: 'Sellers', summary: 'Users who uploaded products.' },
  { path: 'upload-product', label: 'Upload Product', summary: 'Publish a product directly; admin uploads are approved at once.', page: UploadProductPage },
  {
    path: 'manage-products',
    label: 'Manage Approved Products',
    summary: 'All approved products, with edit and delete.',
    page: ManageProductsPage,
  },
  {
    path: 'manage-pending-products',
    label: 'Manage Pending Products',
    summary: 'Products waiting for review, with approve, reject, delete and the source code link.',
    page: ManagePendingProductsPage,
  },
  { path: 'uploaded-comments', label: 'Uploaded Comments', summary: 'Comments posted on product pages, with author emails.' },
  { path: 'manage-developer', label: 'Manage Developer', summary: 'Hire-a-developer requests sent by visitors.' },
  {
    path: 'pending-withdrawls-requests',
    label: 'Pending Withdrawls Requests',
    summary: 'Withdrawal requests to pay out (amount after the 8% fee) and mark as paid.',
  },
  {
    path: 'success-withdrawls-requests',
    label: 'Success Withdrawls Requests',
    summary: 'Withdrawals already paid.',
  },
  { path: 'admin-chatbox', label: 'Admin Chatbox', summary: 'Answer reskin chats and open or close them.' },
];

export default function AdminPanel() {
  return <PanelLayout basePath="/adminPanel" name="Admin Panel" entries={ADMIN_PANEL_ENTRIES} defaultPath="all-users" />;
}
