export { SellerAnalytics } from './components/SellerAnalytics';
