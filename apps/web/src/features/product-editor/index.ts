export { ProductWizard } from './ProductWizard';
export { EditProductButton, EditProductDialog } from './EditProductDialog';
export { useProduct, getProduct } from './api/productById';
export { productQueryKeys } from './queryKeys';
