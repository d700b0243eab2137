import { ProductWizard } from '@/features/product-editor';

/** /adminPanel/upload-product (docs/product-spec.md §2.10): an admin's upload is approved at once. */
export default function UploadProductPage() {
  return (
    <>
      <p className="text-secondary">Products you upload as an admin are published at once.</p>
      <ProductWizard />
    </>
  );
}
