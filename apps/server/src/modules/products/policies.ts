import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

type OwnedProduct = { user_id: string; status: string };

/** Who may do what with products, as one-liners the services call before they act. */
export const canManage = (actor: SessionUser, product: OwnedProduct) => isAdmin(actor) || actor._id === product.user_id;
export const canSee = (viewer: SessionUser | null, product: OwnedProduct) =>
  product.status === 'Approved' || (viewer !== null && canManage(viewer, product));
export const canModerate = (actor: SessionUser) => isAdmin(actor);
/** Admins publish without review and are not held to upload quotas or rates. */
export const isTrustedPublisher = (actor: SessionUser) => isAdmin(actor);
export const seesEveryProduct = (actor: SessionUser) => isAdmin(actor);
