import type { SaleEventState } from '@market/contracts';

export const STATE_LABELS: Record<SaleEventState, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  ended: 'Ended',
};

export const STATE_BADGES: Record<SaleEventState, string> = {
  scheduled: 'text-bg-info',
  running: 'text-bg-success',
  ended: 'text-bg-secondary',
};

/** The row action a sale's state allows: a scheduled one is deleted, a running one ended now, an ended one stays. */
export const ACTIONS: Record<SaleEventState, { ask: string; confirm: string } | null> = {
  scheduled: { ask: 'Delete', confirm: 'Yes, delete' },
  running: { ask: 'End now', confirm: 'Yes, end it now' },
  ended: null,
};
