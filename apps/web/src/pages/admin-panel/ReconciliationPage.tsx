import { Reconciliation } from '@/features/reconciliation';

/** /adminPanel/reconciliation: Stripe's balance transactions compared with the ledger (docs/decisions/0012, "Reconciliation"). */
export default function ReconciliationPage() {
  return <Reconciliation />;
}
