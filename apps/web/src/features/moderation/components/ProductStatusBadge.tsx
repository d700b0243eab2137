import type { ProductStatus } from '@market/contracts';

const BADGE_CLASS: Record<ProductStatus, string> = {
  Approved: 'text-bg-success',
  Pending: 'text-bg-warning',
  Rejected: 'text-bg-danger',
  ChangesRequested: 'text-bg-info',
};

/** The words shown for each status; ChangesRequested reads as two. */
export const STATUS_LABELS: Record<ProductStatus, string> = {
  Approved: 'Approved',
  Pending: 'Pending',
  Rejected: 'Rejected',
  ChangesRequested: 'Changes requested',
};

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <span className={`badge ${BADGE_CLASS[status]}`}>{STATUS_LABELS[status]}</span>;
}
