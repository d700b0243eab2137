import type { SessionUser } from '@market/contracts';

/** Who may do what with money, as one-liners the service calls before it acts. */
export const canProcessWithdrawals = (user: SessionUser) => user.role === 'Admin';
export const canSeeWithdrawalsOf = (user: SessionUser, ownerId: string) => canProcessWithdrawals(user) || user._id === ownerId;
