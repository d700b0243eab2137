import type { SessionUser } from '@market/contracts';
import type { RecordedPayment } from './payments.service.js';

/** Who may do what with payments, as one-liners the service calls before it acts. */
export const ownsPayment = (actor: SessionUser, payment: Pick<RecordedPayment, 'userId'>) => actor._id === payment.userId;
