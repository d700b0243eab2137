export { Webhooks } from './components/Webhooks';
