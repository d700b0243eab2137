export { saleRoutes } from './sales.routes.js';
export { productSaleOf, SalesService } from './sales.service.js';
export { type ProductOnSale, productsOnSaleAt, type RunningSaleRow, runningSalesOf } from './sales.repository.js';
