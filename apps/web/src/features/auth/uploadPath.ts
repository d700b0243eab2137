import type { SessionUser } from '@market/contracts';

/** The upload form in the signed-in user's own panel: a User's waits for review, an admin's is approved at once. */
export const uploadPathOf = (user: Pick<SessionUser, 'role'>) =>
  user.role === 'User' ? '/userPanel/user-upload-product' : '/adminPanel/upload-product';
