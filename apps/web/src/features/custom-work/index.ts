export { useAllCustomWork, useCustomWork, useMyCustomWork, useReskinRequests, deliveryDownloadPath } from './api/customWork';
export { useCustomWorkStep, useSendQuote, type CustomWorkStep } from './api/writeCustomWork';
export { openMilestoneCheckout } from './api/fundMilestone';
export { customWorkQueryKeys } from './queryKeys';
export { CustomWorkView } from './components/CustomWorkView';
export { QuoteForm, type QuoteFormProps } from './components/QuoteForm';
export { MyCustomWork } from './components/MyCustomWork';
export { AllCustomWork } from './components/AllCustomWork';
export { AdminChatCustomWork, UserChatCustomWork } from './components/ChatCustomWork';
