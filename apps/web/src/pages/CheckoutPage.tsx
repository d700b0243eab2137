import { ComingSoonPage } from '@/components/ComingSoon';

export default function CheckoutPage() {
  return <ComingSoonPage title="Checkout">Secure card payment opens with the cart.</ComingSoonPage>;
}
