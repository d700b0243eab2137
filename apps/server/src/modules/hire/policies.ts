import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with hire requests, as one-liners the service calls before it acts. */
export const canReadHireRequests = (user: SessionUser) => isAdmin(user);
