export { PurchasesList } from './components/PurchasesList';
export { useMyPurchases, myPurchasesKey } from './api/purchases';
