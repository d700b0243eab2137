import type { SessionUser } from '@market/contracts';

/** The notifications page in the signed-in user's own panel. */
export const notificationsPathOf = (user: Pick<SessionUser, 'role'>) =>
  user.role === 'User' ? '/userPanel/notifications' : '/adminPanel/notifications';
