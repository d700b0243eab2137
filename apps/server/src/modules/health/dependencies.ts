import { connect } from 'node:net';
import { Redis } from 'ioredis';
import type { FileStorage } from '../../platform/storage/index.js';
import { CHECK_TIMEOUT_MS, withinTimeout } from './readiness.js';

/** A well-formed key no upload has (keys are random): asking for it reaches the bucket and finds nothing. */
const PROBE_KEY = `${'0'.repeat(32)}.probe`;

/** A service the instance works without, each with its own way of degrading (README "Redis", "Mail", "Storage"). */
export type DependencyName = 'redis' | 'smtp' | 'storage';

export interface DependencyReport {
  /** Only the configured ones; each 'ok' or why it is not. */
  checks: Partial<Record<DependencyName, { status: 'ok' | 'failed'; reason?: string }>>;
  degraded: boolean;
}

export interface DependencyOptions {
  redisUrl: string | null;
  smtpUrl: string | null;
  /** The bucket, when S3 is configured. */
  storage: FileStorage | null;
  /** Told every check's outcome, for the metrics. */
  onChecked?: (dependency: DependencyName, up: boolean) => void;
}

/** Opens and closes a TCP connection: the mail server listens (what it would then say is the outbox's business). */
function reachable(url: string): Promise<void> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) || (protocol === 'smtps:' ? 465 : 587) });
    socket.setTimeout(CHECK_TIMEOUT_MS, () => socket.destroy(new Error('timed out')));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/**
 * Redis, SMTP and the bucket, reported by `/api/health` and the metrics but never by readiness:
 * each instance serves without them (docs/decisions/0006, README "Health checks"), and a shared
 * outage must not take every instance out of the balancer at once.
 */
export class DependencyChecks {
  private readonly redis: Redis | null;

  constructor(private readonly options: DependencyOptions) {
    // Its own connection, failing at once while Redis is away rather than queueing the ping.
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          connectTimeout: CHECK_TIMEOUT_MS,
          maxRetriesPerRequest: 0,
        })
      : null;
    this.redis?.on('error', () => {
      // Reported by the check; reconnects by itself.
    });
  }

  async report(): Promise<DependencyReport> {
    const probes: Array<[DependencyName, () => Promise<unknown>]> = [];
    if (this.redis) probes.push(['redis', () => this.pingRedis(this.redis!)]);
    if (this.options.smtpUrl) probes.push(['smtp', () => reachable(this.options.smtpUrl!)]);
    // A missing object answers false; an unreachable or refusing bucket throws.
    if (this.options.storage) probes.push(['storage', () => this.options.storage!.exists('images', PROBE_KEY)]);
    const outcomes = await Promise.all(probes.map(async ([name, probe]) => [name, await withinTimeout(probe())] as const));
    const checks: DependencyReport['checks'] = {};
    for (const [name, outcome] of outcomes) {
      this.options.onChecked?.(name, outcome.status === 'ok');
      checks[name] = outcome.status === 'ok' ? { status: 'ok' } : { status: 'failed', reason: outcome.reason };
    }
    return { checks, degraded: outcomes.some(([, outcome]) => outcome.status !== 'ok') };
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }

  private async pingRedis(redis: Redis): Promise<void> {
    if (redis.status === 'wait') await redis.connect();
    await redis.ping();
  }
}
