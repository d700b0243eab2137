export { ManageApprovedProducts } from './components/ManageApprovedProducts';
export { ManagePendingProducts } from './components/ManagePendingProducts';
export { MyUploadedProducts } from './components/MyUploadedProducts';
export { ViewProductModal } from './components/ViewProductModal';
export { useUploadedProducts } from './api/uploadedProducts';
