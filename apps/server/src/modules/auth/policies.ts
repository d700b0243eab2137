import type { SessionUser } from '@market/contracts';

/** The one test of the admin role; every other permission is built on it. */
export const isAdmin = (user: SessionUser): boolean => user.role === 'Admin';
/** Who may do what, as one-liners the services call before they act. */
export const canListUsers = (user: SessionUser) => isAdmin(user);
