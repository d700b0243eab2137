import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/index.js';

/** A dependency that does not answer within this is counted as down. */
export const CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = 'ok' | 'failed';

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: { database: CheckResult; redis?: CheckResult };
}

function withinTimeout(work: Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('failed'), CHECK_TIMEOUT_MS);
  });
  const outcome = work.then(
    (): CheckResult => 'ok',
    (): CheckResult => 'failed',
  );
  return Promise.race([outcome, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic: its database (and Redis, when configured) answer in time
 * and it is not draining for a shutdown.
 */
export class Readiness {
  private drainingSince: Date | null = null;
  private readonly redis: Redis | null;

  constructor(
    private readonly database: DatabaseHandle,
    redisUrl: string | null,
  ) {
    // Its own connection, failing at once while Redis is away rather than queueing the ping.
    this.redis = redisUrl
      ? new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, connectTimeout: CHECK_TIMEOUT_MS, maxRetriesPerRequest: 0 })
      : null;
    this.redis?.on('error', () => {
      // Reported by the check; reconnects by itself.
    });
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** From now on the balancer is told to send traffic elsewhere. */
  startDraining(now = new Date()): void {
    this.drainingSince ??= now;
  }

  async report(): Promise<ReadinessReport> {
    const [database, redis] = await Promise.all([
      withinTimeout(sql`select 1`.execute(this.database.db)),
      this.redis ? withinTimeout(this.pingRedis(this.redis)) : undefined,
    ]);
    const checks = { database, ...(redis ? { redis } : {}) };
    return { ready: !this.draining && database === 'ok' && redis !== 'failed', draining: this.draining, checks };
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }

  private async pingRedis(redis: Redis): Promise<void> {
    if (redis.status === 'wait') await redis.connect();
    await redis.ping();
  }
}
