import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** A bundle is its seller's to change or delete; an admin may too (one that misleads buyers). */
export const managesBundle = (user: SessionUser, bundle: { seller_id: string }) => isAdmin(user) || user._id === bundle.seller_id;
