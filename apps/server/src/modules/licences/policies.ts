import type { ApiScope, SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with a licence, as one-liners the service calls before it acts. */
export const holdsLicence = (actor: SessionUser, licence: { buyer_id: string }) => actor._id === licence.buyer_id;
export const seesLicence = (actor: SessionUser, licence: { buyer_id: string }) => holdsLicence(actor, licence) || isAdmin(actor);
export const managesLicences = (actor: SessionUser) => isAdmin(actor);
/** A token verifies the codes of its owner's products only. */
export const tokenVerifies = (token: { userId: string }, licence: { seller_id: string }) => token.userId === licence.seller_id;
/** A token does only what its scopes name (docs/decisions/0014). */
export const tokenMay = (token: { scopes: readonly ApiScope[] }, scope: ApiScope) => token.scopes.includes(scope);
