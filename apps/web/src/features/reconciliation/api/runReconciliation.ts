import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, reconciliationStatusSchema, type ReconciliationStatus } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reconciliationQueryKeys } from './keys';

/** POST /api/reconciliation/run (Admin): compares Stripe with the ledger now and answers the new state. */
export function runReconciliation(): Promise<ReconciliationStatus> {
  return apiFetch(API_PATHS.reconciliation.run, { method: 'POST' }, (data) => reconciliationStatusSchema.parse(data));
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (status) => queryClient.setQueryData(reconciliationQueryKeys.status(), status),
  });
}
