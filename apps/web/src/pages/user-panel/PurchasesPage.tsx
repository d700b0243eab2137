import { PurchasesList } from '@/features/purchases';

/** /userPanel/purchases. */
export default function PurchasesPage() {
  return <PurchasesList />;
}
