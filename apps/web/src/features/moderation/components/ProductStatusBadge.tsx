import type { ProductStatus } from '@market/contracts';

const BADGE_CLASS: Record<ProductStatus, string> = {
  Approved: 'text-bg-success',
  Pending: 'text-bg-warning',
  Rejected: 'text-bg-danger',
};

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <span className={`badge ${BADGE_CLASS[status]}`}>{status}</span>;
}
