import { MyUploadedProducts } from '@/features/moderation';

/** /userPanel/user-uploaded-products (sidebar: Manage Products). */
export default function UserUploadedProductsPage() {
  return <MyUploadedProducts />;
}
