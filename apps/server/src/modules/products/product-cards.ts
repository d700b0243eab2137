import type { ProductSummary } from '@market/contracts';

/**
 * The cards (ProductSummary) of products shown lately, by id. Lists and search find ids in their
 * index and take the cards from here, so a search the search cache has not seen costs one index
 * lookup, and cards not seen lately come in one query. Cards show sales and titles, so every
 * catalogue write or sale drops them all, like the other catalogue caches.
 */
export class ProductCards {
  private readonly cards = new Map<string, ProductSummary>();
  /** Bumped by clear(): cards loaded while a write landed may be stale, so they are served once but not kept. */
  private generation = 0;

  constructor(
    private readonly load: (ids: readonly string[]) => Promise<ProductSummary[]>,
    private readonly capacity = 20_000,
  ) {}

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
      const startedIn = this.generation;
      for (const card of await this.load(missing)) {
        found.set(card._id, card);
        if (startedIn === this.generation) this.keep(card);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  clear(): void {
    this.generation += 1;
    this.cards.clear();
  }

  private keep(card: ProductSummary): void {
    if (this.cards.size >= this.capacity) this.cards.delete(this.cards.keys().next().value!);
    this.cards.set(card._id, card);
  }
}
