/**
 * Serialised answers of the hot public catalogue reads (DESIGN.md "Speed levers"). Any product
 * write, on any instance, drops everything; entries also expire after a minute because sales and
 * views move the popular and trending lists without a product write.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { body: Buffer; expiresAt: number }>();
  /** Bumped by clear(): an answer computed while a write landed may be stale, so it is served once but not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
  ) {}

  async getOrCompute(key: string, compute: () => Promise<unknown>): Promise<Buffer> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.body;
    const startedIn = this.generation;
    const body = Buffer.from(JSON.stringify(await compute()));
    if (startedIn !== this.generation) return body;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { body, expiresAt: now + this.ttlMs });
    return body;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
