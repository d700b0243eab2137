/**
 * Custom work as an escrowed order (docs/decisions/0013): the one state machine the server, its
 * jobs and the browser's buttons all follow. Pure: the server keeps the state, the clock and the
 * money; this says what an action does to them, or why it is refused.
 */

export const CUSTOM_WORK_STATUSES = [
  'quoted',
  'accepted',
  'funded',
  'delivered',
  'changes_requested',
  'released',
  'cancelled',
  'disputed',
  'resolved',
] as const;
export type CustomWorkStatus = (typeof CUSTOM_WORK_STATUSES)[number];

/** Statuses nothing leaves. */
export const FINISHED_CUSTOM_WORK: ReadonlySet<CustomWorkStatus> = new Set(['released', 'cancelled', 'resolved']);
/** Statuses in which the current milestone's money sits in escrow. */
export const ESCROWED_CUSTOM_WORK: ReadonlySet<CustomWorkStatus> = new Set(['funded', 'delivered', 'changes_requested', 'disputed']);

/** Days after the delivery date before a buyer may cancel funded work that never came, and get the money back. */
export const CUSTOM_WORK_GRACE_DAYS = 3;
/** Reminders of an automatic release, in days before it. */
export const CUSTOM_WORK_REMINDER_DAYS = [3, 1] as const;

export const RESOLUTION_OUTCOMES = ['release', 'refund', 'split'] as const;
export type ResolutionOutcome = (typeof RESOLUTION_OUTCOMES)[number];

export type CustomWorkRole = 'buyer' | 'seller' | 'admin';

export interface CustomWorkMilestoneState {
  amountCents: number;
  status: 'waiting' | 'funded' | 'released' | 'refunded' | 'split' | 'cancelled';
}

/** What the state machine needs of an order; the server's row maps onto it. */
export interface CustomWorkState {
  status: CustomWorkStatus;
  milestones: CustomWorkMilestoneState[];
  /** The milestone being funded, worked on or delivered: the first not yet released. */
  current: number;
  /** Changes asked for on the current milestone. */
  revisionsUsed: number;
  /** When the work is due (ms since the epoch). */
  dueAt: number;
  /** When the current milestone's money goes to the seller without an answer (ms); null unless delivered. */
  autoReleaseAt: number | null;
  /** The status a dispute interrupted, to tell what its money was doing. */
  disputedFrom: CustomWorkStatus | null;
}

export type CustomWorkAction =
  | { type: 'accept' }
  | { type: 'fund'; cents: number }
  | { type: 'deliver' }
  | { type: 'acceptDelivery' }
  | { type: 'requestChanges' }
  | { type: 'cancel' }
  | { type: 'dispute' }
  | { type: 'resolve'; outcome: ResolutionOutcome; sellerPercent: number }
  /** The clock: an unanswered delivery is released at its time. */
  | { type: 'autoRelease' };

/** The money an action moves, each out of or into the order's escrow. */
export type EscrowMove =
  | { kind: 'fund'; milestone: number; cents: number }
  | { kind: 'release'; milestone: number; cents: number }
  | { kind: 'refund'; milestone: number; cents: number };

export interface CustomWorkSettings {
  revisions: number;
  autoReleaseDays: number;
}

export type CustomWorkOutcome = { ok: true; state: CustomWorkState; moves: EscrowMove[] } | { ok: false; message: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export const CUSTOM_WORK_MESSAGES = {
  onlyBuyer: 'Only the buyer can do this',
  onlySeller: "Only the product's seller can deliver",
  onlyAdmin: 'Only an admin can resolve a dispute',
  notNow: (status: CustomWorkStatus) => `This cannot be done while the work is ${status.replace('_', ' ')}`,
  noRevisionsLeft: (revisions: number) => `All ${revisions} rounds of changes have been asked for: accept the delivery or open a dispute`,
  notOverdue: `A funded order can be cancelled only ${CUSTOM_WORK_GRACE_DAYS} days after its delivery date passes without a delivery`,
  wrongAmount: 'The payment does not match the milestone',
  notDueYet: 'The delivery is not due for automatic release yet',
  sellerPercent: 'A split gives the seller from 1 to 99 percent',
} as const;

const refuse = (message: string): CustomWorkOutcome => ({ ok: false, message });

/** Cents to the seller in a split: rounded down, so the buyer never gets less than their share. */
export const sellerShareCents = (cents: number, sellerPercent: number) => Math.floor((cents * sellerPercent) / 100);

/** The money sitting in escrow: what the current milestone holds when its status keeps it there. */
export function escrowedCents(state: CustomWorkState): number {
  if (!ESCROWED_CUSTOM_WORK.has(state.status)) return 0;
  return state.milestones[state.current]?.amountCents ?? 0;
}

/**
 * One action by one side at `now`. The buyer accepts, funds, accepts a delivery, asks for changes;
 * the seller (or an admin on their behalf) delivers; either cancels before the money arrives, the
 * buyer also once the delivery is overdue by the grace days; either disputes money in escrow; an
 * admin resolves a dispute; the clock releases an unanswered delivery.
 */
export function customWorkStep(
  state: CustomWorkState,
  action: CustomWorkAction,
  role: CustomWorkRole | 'clock',
  now: number,
  settings: CustomWorkSettings,
): CustomWorkOutcome {
  const { status } = state;
  const milestone = state.milestones[state.current];
  if (FINISHED_CUSTOM_WORK.has(status) || !milestone) return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
  const next = (patch: Partial<CustomWorkState>, moves: EscrowMove[] = []): CustomWorkOutcome => ({
    ok: true,
    state: { ...state, ...patch },
    moves,
  });
  const withMilestone = (milestoneStatus: CustomWorkMilestoneState['status']) =>
    state.milestones.map((each, index) => (index === state.current ? { ...each, status: milestoneStatus } : each));
  /** The current milestone paid to the seller: the next one waits for its money, or the order is done. */
  const released = (): CustomWorkOutcome => {
    const last = state.current === state.milestones.length - 1;
    return next(
      {
        status: last ? 'released' : 'accepted',
        milestones: withMilestone('released'),
        current: last ? state.current : state.current + 1,
        revisionsUsed: 0,
        autoReleaseAt: null,
        disputedFrom: null,
      },
      [{ kind: 'release', milestone: state.current, cents: milestone.amountCents }],
    );
  };

  switch (action.type) {
    case 'accept':
      if (role !== 'buyer') return refuse(CUSTOM_WORK_MESSAGES.onlyBuyer);
      if (status !== 'quoted') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      return next({ status: 'accepted' });
    case 'fund':
      if (role !== 'buyer') return refuse(CUSTOM_WORK_MESSAGES.onlyBuyer);
      if (status !== 'accepted') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      if (action.cents !== milestone.amountCents) return refuse(CUSTOM_WORK_MESSAGES.wrongAmount);
      return next({ status: 'funded', milestones: withMilestone('funded') }, [
        { kind: 'fund', milestone: state.current, cents: action.cents },
      ]);
    case 'deliver':
      if (role !== 'seller' && role !== 'admin') return refuse(CUSTOM_WORK_MESSAGES.onlySeller);
      if (status !== 'funded' && status !== 'changes_requested') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      return next({ status: 'delivered', autoReleaseAt: now + settings.autoReleaseDays * DAY_MS });
    case 'acceptDelivery':
      if (role !== 'buyer') return refuse(CUSTOM_WORK_MESSAGES.onlyBuyer);
      if (status !== 'delivered') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      return released();
    case 'autoRelease':
      if (status !== 'delivered') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      if (state.autoReleaseAt === null || now < state.autoReleaseAt) return refuse(CUSTOM_WORK_MESSAGES.notDueYet);
      return released();
    case 'requestChanges':
      if (role !== 'buyer') return refuse(CUSTOM_WORK_MESSAGES.onlyBuyer);
      if (status !== 'delivered') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      if (state.revisionsUsed >= settings.revisions) return refuse(CUSTOM_WORK_MESSAGES.noRevisionsLeft(settings.revisions));
      return next({ status: 'changes_requested', revisionsUsed: state.revisionsUsed + 1, autoReleaseAt: null });
    case 'cancel': {
      if (role === 'admin') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      const cancelledMilestones = (from: CustomWorkMilestoneState['status']) =>
        state.milestones.map((each, index) =>
          index < state.current ? each : { ...each, status: index === state.current ? from : ('cancelled' as const) },
        );
      if (status === 'quoted' || status === 'accepted') return next({ status: 'cancelled', milestones: cancelledMilestones('cancelled') });
      if (status !== 'funded' && status !== 'changes_requested') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      if (role !== 'buyer') return refuse(CUSTOM_WORK_MESSAGES.onlyBuyer);
      if (now < state.dueAt + CUSTOM_WORK_GRACE_DAYS * DAY_MS) return refuse(CUSTOM_WORK_MESSAGES.notOverdue);
      return next({ status: 'cancelled', milestones: cancelledMilestones('refunded') }, [
        { kind: 'refund', milestone: state.current, cents: milestone.amountCents },
      ]);
    }
    case 'dispute':
      if (role === 'admin') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      if (!ESCROWED_CUSTOM_WORK.has(status) || status === 'disputed') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      return next({ status: 'disputed', disputedFrom: status, autoReleaseAt: null });
    case 'resolve': {
      if (role !== 'admin') return refuse(CUSTOM_WORK_MESSAGES.onlyAdmin);
      if (status !== 'disputed') return refuse(CUSTOM_WORK_MESSAGES.notNow(status));
      const cents = milestone.amountCents;
      const percent = action.outcome === 'release' ? 100 : action.outcome === 'refund' ? 0 : action.sellerPercent;
      if (action.outcome === 'split' && !(Number.isInteger(percent) && percent >= 1 && percent <= 99)) {
        return refuse(CUSTOM_WORK_MESSAGES.sellerPercent);
      }
      const toSeller = sellerShareCents(cents, percent);
      const moves: EscrowMove[] = [];
      if (toSeller > 0) moves.push({ kind: 'release', milestone: state.current, cents: toSeller });
      if (cents - toSeller > 0) moves.push({ kind: 'refund', milestone: state.current, cents: cents - toSeller });
      const outcomeStatus: CustomWorkMilestoneState['status'] =
        action.outcome === 'release' ? 'released' : action.outcome === 'refund' ? 'refunded' : 'split';
      // A dispute ends the order: later milestones are never funded.
      const milestones = state.milestones.map((each, index) =>
        index < state.current ? each : { ...each, status: index === state.current ? outcomeStatus : ('cancelled' as const) },
      );
      return next({ status: 'resolved', milestones, autoReleaseAt: null }, moves);
    }
  }
}

/** What each side may do now: the browser shows these buttons, the server still decides. */
export function customWorkActionsFor(
  state: CustomWorkState,
  role: CustomWorkRole,
  now: number,
  settings: CustomWorkSettings,
): CustomWorkAction['type'][] {
  const candidates: CustomWorkAction[] = [
    { type: 'accept' },
    { type: 'fund', cents: state.milestones[state.current]?.amountCents ?? 0 },
    { type: 'deliver' },
    { type: 'acceptDelivery' },
    { type: 'requestChanges' },
    { type: 'cancel' },
    { type: 'dispute' },
    { type: 'resolve', outcome: 'release', sellerPercent: 100 },
  ];
  return candidates.filter((action) => customWorkStep(state, action, role, now, settings).ok).map((action) => action.type);
}

/**
 * A review of custom work is of work the seller was paid for: the order is over and some of its
 * money went to the seller (accepted, released by the clock, or a dispute released or split).
 */
export function customWorkReviewable(state: Pick<CustomWorkState, 'status' | 'milestones'>): boolean {
  return (
    (state.status === 'released' || state.status === 'resolved') &&
    state.milestones.some((milestone) => milestone.status === 'released' || milestone.status === 'split')
  );
}
