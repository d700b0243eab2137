import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** A code is its seller's to change; an admin may change any (a code that misleads buyers). */
export const managesDiscount = (user: SessionUser, code: { seller_id: string }) => isAdmin(user) || user._id === code.seller_id;
