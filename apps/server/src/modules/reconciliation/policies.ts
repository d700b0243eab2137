import type { SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';

/** Only an admin sees how Stripe and the ledger compare, and runs the comparison (docs/decisions/0012, "Reconciliation"). */
export const runsReconciliation = (user: SessionUser) => isAdmin(user);
