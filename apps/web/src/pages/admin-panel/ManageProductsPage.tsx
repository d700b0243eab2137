import { ManageApprovedProducts } from '@/features/moderation';

/** /adminPanel/manage-products, titled 'Manage Approved Products' by the panel. */
export default function ManageProductsPage() {
  return <ManageApprovedProducts />;
}
