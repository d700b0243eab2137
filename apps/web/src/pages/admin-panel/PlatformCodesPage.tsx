import { Discounts } from '@/features/discounts';

/** /adminPanel/platform-codes: the platform's discount codes, for every seller's products (docs/decisions/0009 "Platform codes"). */
export default function PlatformCodesPage() {
  return <Discounts scope="platform" />;
}
