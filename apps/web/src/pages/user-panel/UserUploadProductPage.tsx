import { ProductWizard } from '@/features/product-editor';

/** /userPanel/user-upload-product (docs/product-spec.md §2.10): a user's upload waits for an admin's approval. */
export default function UserUploadProductPage() {
  return (
    <>
      <p className="text-secondary">An admin reviews every product before it is published; until then it shows as Pending.</p>
      <ProductWizard />
    </>
  );
}
