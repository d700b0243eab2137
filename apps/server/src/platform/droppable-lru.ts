import { LRUCache } from 'lru-cache';

export interface DroppableLruOptions<V> {
  /** Entries kept at most. */
  max?: number;
  /** Or: the kept values' total size at most, each measured by `sizeOf`. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Entries older than this are gone; unset: kept until pushed out or dropped. */
  ttlMs?: number;
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
  private generation = 0;

  constructor({ max, maxSize, sizeOf, ttlMs }: DroppableLruOptions<V>) {
    if (max === undefined && maxSize === undefined) throw new Error('a DroppableLru needs max or maxSize');
    const bounds = {
      ...(max !== undefined ? { max } : {}),
      ...(maxSize !== undefined ? { maxSize, sizeCalculation: sizeOf ?? (() => 1) } : {}),
      ...(ttlMs ? { ttl: ttlMs } : {}),
    } as LRUCache.Options<string, V, unknown>;
    this.entries = new LRUCache<string, V>(bounds);
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
    return this.entries.get(key) ?? this.compute(key, compute);
  }

  /** Computes the key's value anew (or joins the computation under way) and keeps it. */
  compute(key: string, compute: () => Promise<V>): Promise<V> {
    const underWay = this.computing.get(key);
    if (underWay) return underWay;
    const startedIn = this.begin();
    const computed = compute()
      .then((value) => {
        this.remember(startedIn, key, value);
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
