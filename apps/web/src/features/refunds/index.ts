export { LineRefund } from './components/LineRefund';
export { RefundButton } from './components/RefundButton';
export { RefundRequests } from './components/RefundRequests';
