import { ManagePendingProducts } from '@/features/moderation';

/** /adminPanel/manage-pending-products. */
export default function ManagePendingProductsPage() {
  return <ManagePendingProducts />;
}
