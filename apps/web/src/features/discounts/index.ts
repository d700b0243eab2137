export { Discounts } from './components/Discounts';
