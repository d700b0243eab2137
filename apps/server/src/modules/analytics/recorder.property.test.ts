import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/index.js';
import { buildTestApp } from '../../test/helper.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsRecorder, type CountedEvent } from './recorder.js';

type Step =
  | { kind: 'record'; event: CountedEvent; product: number; referrer: number }
  | { kind: 'nextDay' }
  | { kind: 'flush'; fails: boolean }
  | { kind: 'twoFlushesAtOnce'; firstFails: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      event: fc.constantFrom<CountedEvent>('views', 'carts', 'checkouts'),
      product: fc.nat(2),
      referrer: fc.nat(2),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'nextDay' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('flush' as const), fails: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('twoFlushesAtOnce' as const), firstFails: fc.boolean() }) },
);

const REFERRERS = ['', 'newsletter', 'news.example.com'];

describe('the analytics recorder', () => {
  it('never loses or doubles a count across flushes, failed flushes and flushes at once', async () => {
    const ctx = await buildTestApp();
    const inTransaction = unitOfWork(ctx.db, { error: () => undefined });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        run += 1;
        const products = [0, 1, 2].map((index) => `run${run}product${index}`);
        let now = new Date('2026-03-01T12:00:00Z');
        let failNext = false;
        // The real roll-up's write, in a transaction that fails after writing when asked: the database keeps none of it.
        const recorder = new AnalyticsRecorder(
          (rows) =>
            inTransaction(async (trx) => {
              await new AnalyticsRepository(trx).addCounts(rows);
              if (failNext) {
                failNext = false;
                throw new Error('the database went away');
              }
            }),
          { now: () => now },
        );
        const expected = new Map<string, number>();
        for (const current of steps) {
          if (current.kind === 'record') {
            recorder.record(current.event, products[current.product]!, REFERRERS[current.referrer] || null);
            const key = [products[current.product], now.toISOString().slice(0, 10), REFERRERS[current.referrer], current.event].join('|');
            expected.set(key, (expected.get(key) ?? 0) + 1);
          } else if (current.kind === 'nextDay') {
            now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
          } else if (current.kind === 'flush') {
            failNext = current.fails;
            await recorder.flush().catch(() => undefined);
          } else {
            failNext = current.firstFails;
            await Promise.all([recorder.flush().catch(() => undefined), recorder.flush().catch(() => undefined)]);
          }
        }
        failNext = false;
        await recorder.flush();
        expect(recorder.waiting).toBe(0);

        const stored = new Map<string, number>();
        const rows = await ctx.db.selectFrom('product_analytics_daily').selectAll().where('product_id', 'in', products).execute();
        for (const row of rows) {
          for (const event of ['views', 'carts', 'checkouts'] as const) {
            if (Number(row[event]) > 0) stored.set([row.product_id, row.day, row.referrer, event].join('|'), Number(row[event]));
          }
        }
        expect(stored).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
