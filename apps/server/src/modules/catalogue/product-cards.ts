import type { ProductSummary } from '@market/contracts';
import { thenAtOnce, type AtOnce } from '../../platform/at-once.js';
import { DroppableLru } from '../../platform/droppable-lru.js';

/** A card and its JSON bytes, written once: search as typed answers cards not kept as a whole answer. */
interface KeptCard {
  card: ProductSummary;
  json: Buffer;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function jsonArray(cards: readonly KeptCard[]): Buffer {
  const parts: Buffer[] = [OPEN];
  for (const { json } of cards) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(json);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/**
 * The cards (ProductSummary) of products shown lately, by id. Lists and search find ids in their
 * index and take the cards from here, so a search the search cache has not seen costs one index
 * lookup, and cards not seen lately come in one query. Cards show sales and titles, so every
 * catalogue write or sale drops them all, like the other catalogue caches.
 */
export class ProductCards {
  private readonly cards: DroppableLru<KeptCard>;

  constructor(
    private readonly load: (ids: readonly string[]) => Promise<ProductSummary[]>,
    capacity = 20_000,
  ) {
    this.cards = new DroppableLru({ max: capacity });
  }

  /** The cards of these products in the order given; products that no longer exist are left out. */
  async of(ids: readonly string[]): Promise<ProductSummary[]> {
    return (await this.kept(ids)).map(({ card }) => card);
  }

  /**
   * `of` as the bytes of a JSON array, each card's JSON written and encoded when it was loaded
   * rather than for every answer: an answer not kept is copied together, never encoded again. At
   * once, not a promise, when every card is kept (docs/decisions/0021).
   */
  jsonOf(ids: readonly string[]): AtOnce<Buffer> {
    return thenAtOnce(this.kept(ids), jsonArray);
  }

  private kept(ids: readonly string[]): AtOnce<KeptCard[]> {
    // Every card kept, as for nearly every search once the cards shown lately are loaded: no waiting.
    const all: KeptCard[] = [];
    for (const id of ids) {
      const kept = this.cards.get(id);
      if (!kept) return this.keptOnceLoaded(ids);
      all.push(kept);
    }
    return all;
  }

  private async keptOnceLoaded(ids: readonly string[]): Promise<KeptCard[]> {
    const found = new Map<string, KeptCard>();
    const missing: string[] = [];
    for (const id of ids) {
      const kept = this.cards.get(id);
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    const startedIn = this.cards.begin();
    for (const card of await this.load(missing)) {
      const kept = { card, json: Buffer.from(JSON.stringify(card)) };
      found.set(card._id, kept);
      this.cards.remember(startedIn, card._id, kept);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  clear(): void {
    this.cards.clear();
  }
}
