export { Reconciliation } from './components/Reconciliation';
