import type { SessionUser } from '@market/contracts';

/** Who may do what, as one-liners the services call before they act. */
export const isAdmin = (user: SessionUser | null): user is SessionUser => user?.role === 'Admin';
export const canListUsers = (user: SessionUser | null) => isAdmin(user);
