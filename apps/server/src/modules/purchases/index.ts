export { purchaseRoutes } from './purchases.routes.js';
export { PurchasesService, type RecordedPurchase } from './purchases.service.js';
