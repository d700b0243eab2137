import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** A code is its seller's to change; an admin may change any (a code that misleads buyers). */
export const managesDiscount = (user: SessionUser, code: { seller_id: string }) => isAdmin(user) || user._id === code.seller_id;

/** Platform-wide codes cost the platform: only admins make, change and see them (docs/decisions/0009 "Platform codes"). */
export const managesPlatformCodes = (user: SessionUser) => isAdmin(user);
