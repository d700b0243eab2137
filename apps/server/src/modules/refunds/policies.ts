import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with refunds, as one-liners the service calls before it acts. */
export const refundsPurchases = (actor: SessionUser) => isAdmin(actor);
export const answersRefundRequests = (actor: SessionUser) => isAdmin(actor);
export const asksForRefundOf = (actor: SessionUser, line: { buyer_id: string }) => actor._id === line.buyer_id;
