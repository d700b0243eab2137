import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with reviews, as one-liners the service calls before it acts. */
export const writesReview = (actor: SessionUser, review: { buyer_id: string }) => actor._id === review.buyer_id;
export const repliesToReview = (actor: SessionUser, review: { seller_id: string }) => actor._id === review.seller_id;
export const moderatesReviews = (actor: SessionUser) => isAdmin(actor);
/** A hidden review stays readable to its author and admins. */
export const seesHiddenReview = (actor: SessionUser | null, review: { buyer_id: string }) =>
  actor !== null && (writesReview(actor, review) || moderatesReviews(actor));
