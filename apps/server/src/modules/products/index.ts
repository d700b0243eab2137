export { productRoutes } from './products.routes.js';
export {
  CHECKOUT_PAYABLE_MS,
  formOf,
  ProductsService,
  type ChangesUnderReview,
  type HeldChange,
  type ProductArchives,
  type ProductCheckouts,
  type ProductUpload,
} from './products.service.js';
export { FIELD_LABELS } from './product-fields.js';
export { type PriceHistoryRow, priceHistoryOf } from './products.repository.js';
export { megabytes } from './source-archive.js';
export { readProductUpload, type UploadPart } from './upload-form.js';
