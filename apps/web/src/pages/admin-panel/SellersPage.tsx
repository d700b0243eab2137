import { Sellers } from '@/features/people';

/** /adminPanel/sellers. */
export default function SellersPage() {
  return <Sellers />;
}
