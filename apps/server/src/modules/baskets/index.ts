export { basketRoutes } from './baskets.routes.js';
export { BasketsService, NOT_FOR_SALE_IN_BASKET, OWN_PRODUCT_IN_BASKET } from './baskets.service.js';
