import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** A sale is its seller's to end; an admin may end any (a sale that misleads buyers). */
export const managesSale = (user: SessionUser, sale: { seller_id: string }) => isAdmin(user) || user._id === sale.seller_id;
