import { Discounts } from '@/features/discounts';

/** /userPanel/discounts (sidebar: Discounts). */
export default function DiscountsPage() {
  return <Discounts />;
}
