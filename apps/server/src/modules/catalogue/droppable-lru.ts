import { LRUCache } from 'lru-cache';

/**
 * The one cache of catalogue reads: least recently used entries go first, an optional time to live,
 * and clear() drops everything on a product write or a sale (on any instance). A value computed while
 * a clear() happened may be stale, so it is handed to its caller but not kept: `remember` checks the
 * generation its computation started in.
 */
export class DroppableLru<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private generation = 0;

  constructor({ max, ttlMs }: { max: number; ttlMs?: number }) {
    this.entries = new LRUCache<string, V>(ttlMs ? { max, ttl: ttlMs } : { max });
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
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const startedIn = this.begin();
    const value = await compute();
    this.remember(startedIn, key, value);
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
