import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with purchases, as one-liners the service calls before it acts. */
export const isBuyer = (actor: SessionUser, purchase: { user_id: string }) => actor._id === purchase.user_id;
export const seesEveryPurchase = (actor: SessionUser) => isAdmin(actor);
