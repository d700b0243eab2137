export { productRoutes } from './products.routes.js';
export { CHECKOUT_PAYABLE_MS, ProductsService, type ProductCheckouts, type ProductUpload } from './products.service.js';
export { ProductsRepository } from './products.repository.js';
