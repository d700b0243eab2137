import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Only an admin places, releases and lists a seller's holds (docs/decisions/0012 "Holds"). */
export const managesHolds = (user: SessionUser) => isAdmin(user);
