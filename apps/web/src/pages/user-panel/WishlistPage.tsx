import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { WishlistView } from '@/features/checkout';

/** /userPanel/whishlist-products. */
export default function WishlistPage() {
  return (
    <>
      <NoticeRegion />
      <WishlistView />
    </>
  );
}
