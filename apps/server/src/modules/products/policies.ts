import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with product writes, as one-liners the service calls before it acts. */
export const canModerate = (actor: SessionUser) => isAdmin(actor);
/** Admins publish without review and are not held to upload quotas or rates. */
export const isTrustedPublisher = (actor: SessionUser) => isAdmin(actor);
