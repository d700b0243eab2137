import { LRUCache } from 'lru-cache';
import type { AtOnce } from './at-once.js';

export interface DroppableLruOptions<V> {
  /** Entries kept at most. */
  max?: number;
  /** Or: the kept values' total size at most, each measured by `sizeOf`. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Entries older than this are gone; unset: kept until pushed out or dropped. */
  ttlMs?: number;
  /**
   * Keep a computed value only when its key was asked before within this many asks that missed (a
   * doorkeeper, as in TinyLFU): keys asked once (most words typed into a search box) then neither
   * push out the values asked again nor fill the old generation with entries that die unread
   * (docs/decisions/0021). Unset: every computed value is kept.
   */
  keepOnSecondAskWithin?: number;
}

/** The last `window` keys asked, each with how many times it is among them. */
class RecentAsks {
  private readonly ring: Array<string | undefined>;
  private readonly counts = new Map<string, number>();
  private next = 0;

  constructor(window: number) {
    this.ring = Array.from<string | undefined>({ length: window });
  }

  /** Notes this ask of the key; whether it was among the last asks before it. */
  note(key: string): boolean {
    const askedBefore = this.counts.has(key);
    const leaving = this.ring[this.next];
    if (leaving !== undefined) {
      const count = this.counts.get(leaving)!;
      if (count === 1) this.counts.delete(leaving);
      else this.counts.set(leaving, count - 1);
    }
    this.ring[this.next] = key;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.next = (this.next + 1) % this.ring.length;
    return askedBefore;
  }
}

/**
 * The one in-memory cache of the server: least recently used entries go first (by count or by
 * size), an optional time to live, and clear() drops everything (the catalogue's reads on a product
 * write or a sale, on any instance). A value computed while a clear() happened may be stale, so it is
 * handed to its caller but not kept: `remember` checks the generation its computation started in.
 * Callers asking for a key while its value is being computed wait for that one computation; a failed
 * computation is not kept.
 */
export class DroppableLru<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private readonly computing = new Map<string, Promise<V>>();
  private readonly recentAsks: RecentAsks | null;
  private generation = 0;

  constructor({ max, maxSize, sizeOf, ttlMs, keepOnSecondAskWithin }: DroppableLruOptions<V>) {
    if (max === undefined && maxSize === undefined) throw new Error('a DroppableLru needs max or maxSize');
    const bounds = {
      ...(max !== undefined ? { max } : {}),
      ...(maxSize !== undefined ? { maxSize, sizeCalculation: sizeOf ?? (() => 1) } : {}),
      ...(ttlMs ? { ttl: ttlMs } : {}),
    } as LRUCache.Options<string, V, unknown>;
    this.entries = new LRUCache<string, V>(bounds);
    this.recentAsks = keepOnSecondAskWithin ? new RecentAsks(keepOnSecondAskWithin) : null;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Marks the start of a computation; pass it to `remember` with the result. */
  begin(): number {
    return this.generation;
  }

  /** Keeps the value unless the cache was cleared since `startedIn`. */
  remember(startedIn: number, key: string, value: V): void {
    if (startedIn === this.generation) this.entries.set(key, value);
  }

  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    return this.getOrComputeNow(key, compute);
  }

  /**
   * `getOrCompute` handing back at once what needs no waiting: the kept value, or one the
   * computation returns itself rather than a promise of it (kept alike); a computation under way
   * is joined (docs/decisions/0021).
   */
  getOrComputeNow(key: string, compute: () => AtOnce<V>): AtOnce<V> {
    const kept = this.entries.get(key) ?? this.computing.get(key);
    if (kept !== undefined) return kept;
    // Only an ask that starts a computation is noted: one joining it or kept is not a second ask.
    const keep = this.recentAsks?.note(key) ?? true;
    const startedIn = this.begin();
    const value = compute();
    if (value instanceof Promise) return this.awaitComputed(key, value, startedIn, keep);
    if (keep) this.remember(startedIn, key, value);
    return value;
  }

  /** Computes the key's value anew (or joins the computation under way) and keeps it. */
  compute(key: string, compute: () => Promise<V>): Promise<V> {
    return this.computing.get(key) ?? this.computeNew(key, compute, true);
  }

  private computeNew(key: string, compute: () => Promise<V>, keep: boolean): Promise<V> {
    const startedIn = this.begin();
    return this.awaitComputed(key, compute(), startedIn, keep);
  }

  /** Joined by later asks of the key until it settles; kept then, if `keep` and nothing was dropped meanwhile. */
  private awaitComputed(key: string, computing: Promise<V>, startedIn: number, keep: boolean): Promise<V> {
    const computed = computing
      .then((value) => {
        if (keep) this.remember(startedIn, key, value);
        return value;
      })
      .finally(() => {
        if (this.computing.get(key) === computed) this.computing.delete(key);
      });
    this.computing.set(key, computed);
    return computed;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    // Computations under way started from what is now stale: later callers compute afresh.
    this.computing.clear();
  }
}
