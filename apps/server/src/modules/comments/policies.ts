import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with comments, as one-liners the service calls before it acts. */
export const canReadEveryComment = (viewer: SessionUser | null) => viewer !== null && isAdmin(viewer);
