import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Who may do what with the lists of people, as one-liners the service calls before it acts. */
export const canListPeople = (user: SessionUser) => isAdmin(user);
