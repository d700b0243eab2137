import { thenAtOnce, type AtOnce } from '../../platform/at-once.js';
import { EncodedBody } from '../../platform/encoded-body.js';
import { DroppableLru } from '../../platform/droppable-lru.js';

/**
 * Serialised answers, with their compressed forms, of the hot public catalogue reads (docs/decisions/0005). Any product write, on any
 * instance, drops everything; entries also expire after a minute because sales and views move the
 * popular and trending lists without a product write.
 */
export class CatalogueCache {
  private readonly answers: DroppableLru<EncodedBody>;

  /** `keepOnlyRepeated`: keep an answer once asked again within the last `maxEntries` asks (`DroppableLruOptions.keepOnSecondAskWithin`). */
  constructor(ttlMs = 60_000, maxEntries = 500, { keepOnlyRepeated = false } = {}) {
    this.answers = new DroppableLru({ max: maxEntries, ttlMs, ...(keepOnlyRepeated ? { keepOnSecondAskWithin: maxEntries } : {}) });
  }

  /**
   * The kept answer itself when there is one, not a promise of it: a kept answer is then sent
   * without a turn of the microtask queue per await on its way (docs/decisions/0021).
   */
  getOrCompute(key: string, compute: () => Promise<unknown>): AtOnce<EncodedBody> {
    return this.answers.getOrComputeNow(key, async () => EncodedBody.json(await compute()));
  }

  /**
   * `getOrCompute` for an answer the computation writes as JSON bytes itself, handed back at once
   * when the computation needed no waiting either (a search as typed, docs/decisions/0021).
   */
  getOrComputeJson(key: string, computeJson: () => AtOnce<Buffer>): AtOnce<EncodedBody> {
    return this.answers.getOrComputeNow(key, () => thenAtOnce(computeJson(), (bytes) => new EncodedBody(bytes)));
  }

  clear(): void {
    this.answers.clear();
  }
}
