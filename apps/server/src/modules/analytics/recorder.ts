import type { Clock } from '../../platform/clock.js';

/** What the storefront counts per product, day and referrer; sales, refunds and revenue come from their own records. */
export type CountedEvent = 'views' | 'carts' | 'checkouts';

export interface DailyCounts {
  productId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** '' for a direct visit. */
  referrer: string;
  views: number;
  carts: number;
  checkouts: number;
}

/**
 * Past this many distinct product, day and referrer keys waiting for a flush, events of a new key are
 * dropped: a database away for long, or a flood of made-up referrers, must not grow the process without bound.
 */
export const MAX_PENDING_KEYS = 50_000;

/**
 * Counts events in memory and hands them to `write` in one batch per flush (docs/decisions/0020), so
 * recording costs a request a map update and never a database write. A flush takes what was counted
 * so far; if its write fails, those counts are added back to what waits for the next one, so an event
 * is written once or, while the database is away, kept. Flushes run one after another.
 */
export class AnalyticsRecorder {
  private pending = new Map<string, DailyCounts>();
  private flushing: Promise<void> = Promise.resolve();
  /** Events dropped because MAX_PENDING_KEYS keys were waiting. */
  dropped = 0;

  constructor(
    private readonly write: (rows: readonly DailyCounts[]) => Promise<void>,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  record(event: CountedEvent, productId: string, referrer: string | null, times = 1): void {
    const day = this.clock.now().toISOString().slice(0, 10);
    const key = `${productId}\n${day}\n${referrer ?? ''}`;
    let counts = this.pending.get(key);
    if (!counts) {
      if (this.pending.size >= MAX_PENDING_KEYS) {
        this.dropped += times;
        return;
      }
      counts = { productId, day, referrer: referrer ?? '', views: 0, carts: 0, checkouts: 0 };
      this.pending.set(key, counts);
    }
    counts[event] += times;
  }

  /** Distinct keys waiting for the next flush. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Writes everything counted before the call; resolves once it is stored, rejects (counts kept) if the write failed. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.flushOnce());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async flushOnce(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.write([...batch.values()]);
    } catch (error) {
      for (const [key, counts] of batch) {
        const now = this.pending.get(key);
        if (now) {
          now.views += counts.views;
          now.carts += counts.carts;
          now.checkouts += counts.checkouts;
        } else this.pending.set(key, counts);
      }
      throw error;
    }
  }
}
