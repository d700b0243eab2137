import type { CustomWorkStatus, CustomWorkSummary } from '@market/contracts';

/** Each status in words, and its badge: the panels, the chat's cards. */
export const STATUS_WORDS: Record<CustomWorkStatus, { text: string; badge: string }> = {
  quoted: { text: 'Quoted, waiting for the buyer', badge: 'text-bg-info' },
  accepted: { text: 'Accepted, waiting for payment', badge: 'text-bg-primary' },
  funded: { text: 'Paid into escrow, in progress', badge: 'text-bg-primary' },
  delivered: { text: 'Delivered, waiting for the buyer', badge: 'text-bg-warning' },
  changes_requested: { text: 'Changes requested', badge: 'text-bg-warning' },
  released: { text: 'Completed and paid', badge: 'text-bg-success' },
  cancelled: { text: 'Cancelled', badge: 'text-bg-secondary' },
  disputed: { text: 'Disputed', badge: 'text-bg-danger' },
  resolved: { text: 'Dispute resolved', badge: 'text-bg-secondary' },
};

/** The status, and which milestone when the work comes in parts ("milestone 2 of 3"). */
export function statusText(work: Pick<CustomWorkSummary, 'status' | 'milestones' | 'current'>): string {
  const words = STATUS_WORDS[work.status].text;
  return work.milestones.length > 1 ? `${words} (milestone ${work.current + 1} of ${work.milestones.length})` : words;
}

export const orderPath = (id: string) => `/custom-work/${id}`;
