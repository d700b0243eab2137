import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with contact messages, as one-liners the service calls before it acts. */
export const canReadContactMessages = (user: SessionUser) => isAdmin(user);
