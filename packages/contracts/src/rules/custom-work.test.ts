import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CustomWorkAction,
  CUSTOM_WORK_STATUSES,
  type CustomWorkRole,
  type CustomWorkState,
  customWorkReviewable,
  customWorkStep,
  escrowedCents,
  FINISHED_CUSTOM_WORK,
  sellerShareCents,
} from './custom-work.js';

const DAY = 24 * 60 * 60 * 1000;
const settings = { revisions: 2, autoReleaseDays: 7 };

const fresh = (amounts: number[]): CustomWorkState => ({
  status: 'quoted',
  milestones: amounts.map((amountCents) => ({ amountCents, status: 'waiting' })),
  current: 0,
  revisionsUsed: 0,
  dueAt: 10 * DAY,
  autoReleaseAt: null,
  disputedFrom: null,
});

type Move = { action: CustomWorkAction; role: CustomWorkRole | 'clock'; advanceDays: number };

const ROLES: Array<CustomWorkRole | 'clock'> = ['buyer', 'seller', 'admin', 'clock'];
/** Mostly the side an action belongs to, sometimes anybody: a walk reaches the deep states and still tries the wrong doors. */
const by = (side: CustomWorkRole | 'clock') =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(side) }, { weight: 1, arbitrary: fc.constantFrom(...ROLES) });
const days = fc.integer({ min: 0, max: 6 });

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'accept' }), role: by('buyer'), advanceDays: days }),
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'fund', cents: -1 }), role: by('buyer'), advanceDays: days }),
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'deliver' }), role: by('seller'), advanceDays: days }),
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'acceptDelivery' }), role: by('buyer'), advanceDays: days }),
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'requestChanges' }), role: by('buyer'), advanceDays: days }),
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'cancel' }), role: by('buyer'), advanceDays: days }),
  fc.record({
    action: fc.constant<CustomWorkAction>({ type: 'dispute' }),
    role: fc.constantFrom<CustomWorkRole | 'clock'>('buyer', 'seller'),
    advanceDays: days,
  }),
  fc.record({ action: fc.constant<CustomWorkAction>({ type: 'autoRelease' }), role: by('clock'), advanceDays: days }),
  fc.record({
    action: fc.record({
      type: fc.constant('resolve' as const),
      outcome: fc.constantFrom('release' as const, 'refund' as const, 'split' as const),
      sellerPercent: fc.integer({ min: 0, max: 100 }),
    }),
    role: by('admin'),
    advanceDays: days,
  }),
);

const reached = new Set<string>();

/** Two milestones walked through the given steps, each of which must be allowed. */
const walk = (steps: ReadonlyArray<readonly [CustomWorkAction, CustomWorkRole | 'clock']>) =>
  steps.reduce(
    (state, [action, role]) => {
      const outcome = customWorkStep(state, action, role, 0, settings);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.state;
    },
    fresh([3_000, 2_000]),
  );

describe('the custom work state machine', () => {
  it('never releases before funding, twice, or after a refund, and its escrow is what was funded less what left it, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 100, max: 50_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(move, { maxLength: 40 }),
        (amounts, moves) => {
          let state = fresh(amounts);
          let now = 0;
          let funded = 0;
          let left = 0;
          const fundedMilestones = new Set<number>();
          reached.add(state.status);
          const finishedMilestones = new Set<number>();
          /** Each broken rule, in words: the run fails with the whole list. */
          const broken: string[] = [];
          for (const { action, role, advanceDays } of moves) {
            now += advanceDays * DAY;
            // A payment always carries the milestone's own amount; a wrong one is refused.
            const asked = action.type === 'fund' ? { ...action, cents: state.milestones[state.current]?.amountCents ?? 0 } : action;
            const outcome = customWorkStep(state, asked, role, now, settings);
            if (!outcome.ok) {
              if (outcome.message.length === 0) broken.push(`${action.type} refused without a reason`);
              continue;
            }
            for (const each of outcome.moves) {
              if (each.kind === 'fund') {
                if (fundedMilestones.has(each.milestone)) broken.push(`milestone ${each.milestone} funded twice`);
                fundedMilestones.add(each.milestone);
                funded += each.cents;
              } else {
                // Money leaves only a funded milestone that has not been paid out or refunded yet.
                if (!fundedMilestones.has(each.milestone)) broken.push(`${each.kind} of milestone ${each.milestone} before funding`);
                if (finishedMilestones.has(each.milestone)) broken.push(`${each.kind} of milestone ${each.milestone} after it was settled`);
                left += each.cents;
              }
            }
            for (const each of outcome.moves) if (each.kind !== 'fund') finishedMilestones.add(each.milestone);
            state = outcome.state;
            reached.add(state.status);
            if (escrowedCents(state) !== funded - left) broken.push(`escrow ${escrowedCents(state)} after ${funded} in and ${left} out`);
            if (funded - left < 0) broken.push(`escrow below zero: ${funded - left}`);
            if (FINISHED_CUSTOM_WORK.has(state.status) && escrowedCents(state) !== 0) broken.push(`${state.status} with money in escrow`);
          }
          expect(broken).toEqual([]);
        },
      ),
      {
        numRuns: 2_000,
        // Walked first, so every status is reached whatever the seed: a whole order to its release, and a dispute to its resolution.
        examples: [
          [
            [1_000],
            [
              { action: { type: 'accept' }, role: 'buyer', advanceDays: 0 },
              { action: { type: 'fund', cents: -1 }, role: 'buyer', advanceDays: 0 },
              { action: { type: 'deliver' }, role: 'seller', advanceDays: 1 },
              { action: { type: 'requestChanges' }, role: 'buyer', advanceDays: 1 },
              { action: { type: 'deliver' }, role: 'seller', advanceDays: 1 },
              { action: { type: 'acceptDelivery' }, role: 'buyer', advanceDays: 1 },
            ],
          ],
          [
            [1_000, 2_000],
            [
              { action: { type: 'accept' }, role: 'buyer', advanceDays: 0 },
              { action: { type: 'fund', cents: -1 }, role: 'buyer', advanceDays: 0 },
              { action: { type: 'deliver' }, role: 'seller', advanceDays: 1 },
              { action: { type: 'dispute' }, role: 'seller', advanceDays: 1 },
              { action: { type: 'resolve', outcome: 'split', sellerPercent: 40 }, role: 'admin', advanceDays: 1 },
              { action: { type: 'cancel' }, role: 'buyer', advanceDays: 0 },
            ],
          ],
          [[500], [{ action: { type: 'cancel' }, role: 'seller', advanceDays: 0 }]],
        ],
      },
    );
    // The walks went everywhere: an invariant never tested in a state proves nothing of it.
    expect([...reached].sort()).toEqual([...CUSTOM_WORK_STATUSES].sort());
  });

  it('releases an unanswered delivery only at its time, and only once', () => {
    let state = fresh([5_000]);
    const step = (action: CustomWorkAction, role: CustomWorkRole | 'clock', now: number) => {
      const outcome = customWorkStep(state, action, role, now, settings);
      if (outcome.ok) state = outcome.state;
      return outcome;
    };
    step({ type: 'accept' }, 'buyer', 0);
    step({ type: 'fund', cents: 5_000 }, 'buyer', 0);
    step({ type: 'deliver' }, 'seller', DAY);
    expect(state.autoReleaseAt).toBe(8 * DAY);
    expect(step({ type: 'autoRelease' }, 'clock', 8 * DAY - 1)).toMatchObject({ ok: false });
    expect(step({ type: 'autoRelease' }, 'clock', 8 * DAY)).toMatchObject({ ok: true, moves: [{ kind: 'release', cents: 5_000 }] });
    expect(step({ type: 'autoRelease' }, 'clock', 9 * DAY)).toMatchObject({ ok: false });
  });

  it('allows as many rounds of changes as configured, then only acceptance or a dispute', () => {
    let state = fresh([5_000]);
    for (const [action, role] of [
      [{ type: 'accept' }, 'buyer'],
      [{ type: 'fund', cents: 5_000 }, 'buyer'],
      [{ type: 'deliver' }, 'seller'],
      [{ type: 'requestChanges' }, 'buyer'],
      [{ type: 'deliver' }, 'seller'],
      [{ type: 'requestChanges' }, 'buyer'],
      [{ type: 'deliver' }, 'seller'],
    ] as const) {
      const outcome = customWorkStep(state, action, role, 0, settings);
      if (!outcome.ok) throw new Error(outcome.message);
      state = outcome.state;
    }
    expect(customWorkStep(state, { type: 'requestChanges' }, 'buyer', 0, settings)).toEqual({
      ok: false,
      message: 'All 2 rounds of changes have been asked for: accept the delivery or open a dispute',
    });
  });

  it('splits to the cent, the seller’s share rounded down', () => {
    expect(sellerShareCents(10_001, 60)).toBe(6_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 99 }), (cents, percent) => {
        const seller = sellerShareCents(cents, percent);
        expect(seller).toBeLessThanOrEqual((cents * percent) / 100);
        expect(cents - seller).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('lets the buyer review only work the seller was paid for, once the order is over', () => {
    const funded = [
      [{ type: 'accept' }, 'buyer'],
      [{ type: 'fund', cents: 3_000 }, 'buyer'],
      [{ type: 'deliver' }, 'seller'],
    ] as const;
    const firstReleased = walk([...funded, [{ type: 'acceptDelivery' }, 'buyer']]);
    const disputed = [...funded, [{ type: 'dispute' }, 'buyer']] as const;

    expect([
      customWorkReviewable(walk(funded)),
      // One milestone paid, the next still to come: the work is not over.
      customWorkReviewable(firstReleased),
      customWorkReviewable(walk([...disputed, [{ type: 'resolve', outcome: 'split', sellerPercent: 60 }, 'admin']])),
      customWorkReviewable(walk([...disputed, [{ type: 'resolve', outcome: 'refund', sellerPercent: 0 }, 'admin']])),
      customWorkReviewable(walk([[{ type: 'cancel' }, 'buyer']])),
    ]).toEqual([false, false, true, false, false]);
  });
});
