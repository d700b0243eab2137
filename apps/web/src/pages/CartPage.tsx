import { ComingSoonPage } from '@/components/ComingSoon';

export default function CartPage() {
  return <ComingSoonPage title="Cart">Your cart with licence choices and totals will be shown here.</ComingSoonPage>;
}
