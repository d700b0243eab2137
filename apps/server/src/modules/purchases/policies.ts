import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with purchases, as one-liners the service calls before it acts. */
export const isBuyer = (actor: SessionUser, purchase: { buyerId: string }) => actor._id === purchase.buyerId;
export const seesEveryPurchase = (actor: SessionUser) => isAdmin(actor);
