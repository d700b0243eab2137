export { paymentRoutes } from './payments.routes.js';
export { PaymentsService, type PaidLine, type RecordedPayment } from './payments.service.js';
export { ownsPayment } from './policies.js';
