import type { SessionUser } from '@market/contracts';

/** A seller's analytics are theirs (or their studio's members', docs/decisions/0018): nobody else's, admins' included. */
export const canSeeAnalyticsOf = (actor: SessionUser, ownerId: string) => actor._id === ownerId;
