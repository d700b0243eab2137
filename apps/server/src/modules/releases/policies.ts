import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with releases, as one-liners the service calls before it acts. */
export const canModerate = (actor: SessionUser) => isAdmin(actor);
/** Admins publish versions without review and are not held to the storage quota. */
export const isTrustedPublisher = (actor: SessionUser) => isAdmin(actor);
