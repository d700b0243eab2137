export { productRoutes } from './products.routes.js';
export { ProductsService, type ProductUpload } from './products.service.js';
export { ProductsRepository } from './products.repository.js';
