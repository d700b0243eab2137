import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who sees which archive checks, as a one-liner: admins those awaiting moderation, everybody else their own. */
export const seesEveryArchive = (actor: SessionUser) => isAdmin(actor);
