export { useAllCustomWork, useCustomWork, useMyCustomWork, useReskinRequests, deliveryDownloadPath } from './api/customWork';
export { useCustomWorkStep, useSendQuote, type CustomWorkStep } from './api/writeCustomWork';
export { openMilestoneCheckout } from './api/fundMilestone';
export { customWorkQueryKeys } from './queryKeys';
export { CustomWorkView, STATUS_WORDS } from './components/CustomWorkView';
