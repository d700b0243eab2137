import { Purchasers } from '@/features/people';

/** /adminPanel/purchasers. */
export default function PurchasersPage() {
  return <Purchasers />;
}
