export { PayoutAccountSection } from './components/PayoutAccountSection';
