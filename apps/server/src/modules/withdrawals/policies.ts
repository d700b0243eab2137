import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with money, as one-liners the service calls before it acts. */
export const canProcessWithdrawals = (user: SessionUser) => isAdmin(user);
export const canSeeWithdrawalsOf = (user: SessionUser, ownerId: string) => canProcessWithdrawals(user) || user._id === ownerId;
export const canSeeStatementOf = (user: SessionUser, sellerId: string) => isAdmin(user) || user._id === sellerId;
