import type { LicenceStatus } from '@market/contracts';

export function LicenceStatusBadge({ status }: { status: LicenceStatus }) {
  return <span className={`badge ${status === 'Active' ? 'text-bg-success' : 'text-bg-danger'}`}>{status}</span>;
}
