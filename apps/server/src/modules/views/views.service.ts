import { createHash } from 'node:crypto';
import { type Clock, HOUR_MS } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { ViewsRepository } from './views.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface Visitor {
  ip: string;
  userAgent: string;
}

export interface ViewsServiceDependencies {
  db: Kysely<Database>;
  catalogue: { isPublic(productId: string): Promise<boolean> };
  clock: Clock;
  /** The seller's analytics count each counted view with its referrer (docs/decisions/0020). */
  analytics?: { viewed(productId: string, referrer: string | null): void };
}

/**
 * One view per visitor, product and hour. The visitor is a hash of the hour, the address and the
 * browser, so no address is stored and the same key never links a visitor across hours.
 */
export class ViewsService {
  private readonly views: ViewsRepository;
  private readonly catalogue: { isPublic(productId: string): Promise<boolean> };
  private readonly clock: Clock;
  private readonly analytics: ViewsServiceDependencies['analytics'];

  constructor({ db, catalogue, clock, analytics }: ViewsServiceDependencies) {
    this.views = new ViewsRepository(db);
    this.catalogue = catalogue;
    this.clock = clock;
    this.analytics = analytics;
  }

  async record(productId: string, visitor: Visitor, referrer: string | null = null): Promise<{ counted: boolean }> {
    if (!(await this.catalogue.isPublic(productId))) throw notFound('Product not found');
    const now = this.clock.now();
    const hour = Math.floor(now.getTime() / HOUR_MS);
    const visitorKey = createHash('sha256').update(`${hour}\n${visitor.ip}\n${visitor.userAgent}`).digest('hex');
    const counted = await this.views.insertOnce(productId, visitorKey, now.toISOString());
    if (counted) this.analytics?.viewed(productId, referrer);
    return { counted };
  }

  counts() {
    return this.views.countsByProduct();
  }
}
