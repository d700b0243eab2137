import { useSession } from '@/features/auth';
import { useMyLicences } from '../api/licences';
import { UpgradeLink } from './UpgradeLink';

/**
 * The product page's offer to a buyer who holds a Single App License of the product: upgrade it to
 * Multi paying the difference (docs/decisions/0010). Nothing for anybody else.
 */
export function UpgradeOffer({ productId }: { productId: string }) {
  const { user } = useSession();
  const licences = useMyLicences(user !== null);
  const licence = licences.data?.find((candidate) => candidate.product._id === productId && candidate.upgrade !== null);
  if (!licence) return null;
  return (
    <div className="mt-2 pt-3 border-top">
      <p className="small mb-2">You hold a Single App License of this product. Upgrade it to use the same purchase code in more apps.</p>
      <UpgradeLink licence={licence} className="btn btn-outline-primary w-100" />
    </div>
  );
}
