import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may quote custom work on a product: its seller, or an admin on the seller's behalf (docs/decisions/0013). */
export const quotesFor = (actor: SessionUser, sellerId: string) => actor._id === sellerId || isAdmin(actor);
/** The admins mediate: they see every order, and resolve disputes. */
export const seesEveryOrder = (actor: SessionUser) => isAdmin(actor);
