import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may decide on products and on sellers' changes to them. */
export const canModerate = (actor: SessionUser) => isAdmin(actor);
