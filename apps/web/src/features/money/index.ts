export { EarningsDetail } from './components/EarningsDetail';
export { SellerDashboard } from './components/SellerDashboard';
export { Statement } from './components/Statement';
export { WithdrawalDetail } from './components/WithdrawalDetail';
export { WithdrawalRequests } from './components/WithdrawalRequests';
