export { PayoutHoldAlerts } from './components/PayoutHoldAlerts';
export { SellerHolds } from './components/SellerHolds';
export { usePayoutStatus } from './api/payoutStatus';
