import type { ProductSummary } from '@market/contracts';
import { DroppableLru } from '../../platform/droppable-lru.js';

/**
 * The cards (ProductSummary) of products shown lately, by id. Lists and search find ids in their
 * index and take the cards from here, so a search the search cache has not seen costs one index
 * lookup, and cards not seen lately come in one query. Cards show sales and titles, so every
 * catalogue write or sale drops them all, like the other catalogue caches.
 */
export class ProductCards {
  private readonly cards: DroppableLru<ProductSummary>;

  constructor(
    private readonly load: (ids: readonly string[]) => Promise<ProductSummary[]>,
    capacity = 20_000,
  ) {
    this.cards = new DroppableLru({ max: capacity });
  }

  /** The cards of these products in the order given; products that no longer exist are left out. */
  async of(ids: readonly string[]): Promise<ProductSummary[]> {
    const found = new Map<string, ProductSummary>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) found.set(id, card);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const startedIn = this.cards.begin();
      for (const card of await this.load(missing)) {
        found.set(card._id, card);
        this.cards.remember(startedIn, card._id, card);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  clear(): void {
    this.cards.clear();
  }
}
