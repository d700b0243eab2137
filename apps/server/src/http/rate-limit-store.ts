import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/** What @fastify/rate-limit asks a store: count one more hit of `key` in a window of `timeWindow` ms. */
type Counted = { current: number; ttl: number };
type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildParams = Parameters<FastifyRateLimitStore['child']>[0];

/** At run time the plugin hands a store its merged options, which name the route (its types say otherwise). */
const routeKeyOf = (params: unknown) => {
  const route = (params as { routeInfo?: { method?: string; url?: string } } | undefined)?.routeInfo;
  return route?.url ? `${route.method ?? ''}${route.url}-` : '';
};

/**
 * A rate-limit key per signed-in account, else per address: one person behind a shared address does
 * not silence the others, and one account on many addresses stays one. `scope` keeps apart counts
 * that share a route's limit store.
 */
export const perAccount =
  (scope = '') =>
  (request: FastifyRequest): string =>
    request.user ? `${scope}user:${request.user._id}` : `${scope}address:${request.ip}`;

/** INCR, and the window starts with the first hit. Answers the count and the milliseconds left. */
const COUNT_HIT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return { current, redis.call('PTTL', KEYS[1]) }
`;

/** Windows of this process, the most recent `capacity` keys. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly capacity = 10_000) {}

  hit(key: string, timeWindow: number): Counted {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + timeWindow };
      if (this.windows.size >= this.capacity) this.windows.delete(this.windows.keys().next().value!);
    }
    this.windows.delete(key);
    window.count += 1;
    this.windows.set(key, window);
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/**
 * A rate-limit store for @fastify/rate-limit that counts in Redis, so limits hold across instances,
 * and in this process's memory while Redis is away: the Redis connection must fail at once when
 * disconnected (no offline queue) and give up on a slow command (commandTimeout), so a sign-in never
 * waits on Redis and the limit still counts, per instance, through an outage.
 */
export function redisStoreWithLocalFallback(redis: Redis, keyPrefix: string): FastifyRateLimitStoreCtor {
  redis.defineCommand('countRateLimitHit', { numberOfKeys: 1, lua: COUNT_HIT });
  const countHit = (key: string, timeWindow: number) =>
    (redis as Redis & { countRateLimitHit(key: string, timeWindow: number): Promise<[number, number]> }).countRateLimitHit(key, timeWindow);

  return class RedisWithLocalFallbackStore implements FastifyRateLimitStore {
    private readonly local = new LocalWindows();
    private readonly prefix: string;

    constructor(params: unknown) {
      this.prefix = `${keyPrefix}${routeKeyOf(params)}`;
    }

    incr(key: string, done: Done, timeWindow: number): void {
      if (redis.status !== 'ready') {
        done(null, this.local.hit(key, timeWindow));
        return;
      }
      countHit(this.prefix + key, timeWindow).then(
        ([current, ttl]) => done(null, { current, ttl }),
        () => done(null, this.local.hit(key, timeWindow)),
      );
    }

    child(params: ChildParams): FastifyRateLimitStore {
      return new RedisWithLocalFallbackStore(params);
    }
  };
}
