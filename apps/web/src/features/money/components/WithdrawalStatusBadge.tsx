import type { WithdrawalStatus } from '@market/contracts';

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <span className={`badge ${status === 'Success' ? 'text-bg-success' : 'text-bg-warning'}`}>{status}</span>;
}
