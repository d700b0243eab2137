import { useQuery } from '@tanstack/react-query';
import { API_PATHS, reconciliationStatusSchema, type ReconciliationStatus } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reconciliationQueryKeys } from './keys';

/** GET /api/reconciliation (Admin): whether payments go through Stripe, and the last comparison with its differences. */
export function fetchReconciliationStatus(signal?: AbortSignal): Promise<ReconciliationStatus> {
  return apiFetch(API_PATHS.reconciliation.status, signal ? { signal } : {}, (data) => reconciliationStatusSchema.parse(data));
}

export function useReconciliationStatus() {
  return useQuery({ queryKey: reconciliationQueryKeys.status(), queryFn: ({ signal }) => fetchReconciliationStatus(signal), staleTime: 0 });
}
