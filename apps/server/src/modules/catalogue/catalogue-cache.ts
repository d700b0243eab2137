import { DroppableLru } from './droppable-lru.js';

/**
 * Serialised answers of the hot public catalogue reads (docs/decisions/0005). Any product write, on any
 * instance, drops everything; entries also expire after a minute because sales and views move the
 * popular and trending lists without a product write.
 */
export class CatalogueCache {
  private readonly answers: DroppableLru<Buffer>;

  constructor(ttlMs = 60_000, maxEntries = 500) {
    this.answers = new DroppableLru({ max: maxEntries, ttlMs });
  }

  getOrCompute(key: string, compute: () => Promise<unknown>): Promise<Buffer> {
    return this.answers.getOrCompute(key, async () => Buffer.from(JSON.stringify(await compute())));
  }

  clear(): void {
    this.answers.clear();
  }
}
