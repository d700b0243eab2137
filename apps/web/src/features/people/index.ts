export { AllUsers } from './components/AllUsers';
export { Purchasers } from './components/Purchasers';
export { Sellers } from './components/Sellers';
