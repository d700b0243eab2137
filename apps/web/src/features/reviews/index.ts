export { ProductReviews } from './components/ProductReviews';
export { CustomWorkReviews } from './components/CustomWorkReviews';
