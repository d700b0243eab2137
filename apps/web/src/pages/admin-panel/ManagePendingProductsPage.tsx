import { ManagePendingProducts } from '@/features/moderation';
import { PendingReleases } from '@/features/releases';

/** /adminPanel/manage-pending-products: new products first, then new versions of approved ones. */
export default function ManagePendingProductsPage() {
  return (
    <>
      <ManagePendingProducts />
      <div className="mt-4">
        <PendingReleases />
      </div>
    </>
  );
}
