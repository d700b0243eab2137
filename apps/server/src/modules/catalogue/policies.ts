import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

type OwnedProduct = { user_id: string; status: string };

/** Who may see and manage which product, as one-liners the catalogue and product writes call. */
export const canManage = (actor: SessionUser, product: OwnedProduct) => isAdmin(actor) || actor._id === product.user_id;
export const canSee = (viewer: SessionUser | null, product: OwnedProduct) =>
  product.status === 'Approved' || (viewer !== null && canManage(viewer, product));
export const seesEveryProduct = (actor: SessionUser) => isAdmin(actor);
