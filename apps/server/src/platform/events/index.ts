import type { Logger } from 'pino';
import type { EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-bus.js';
import { RedisEventBus } from './redis-bus.js';

export type { EventBus, EventHandler, EventPayload, Unsubscribe } from './event-bus.js';
export { InProcessEventBus } from './in-process-bus.js';
export { RedisEventBus } from './redis-bus.js';

/** Redis pub/sub when a URL is configured, so events reach every instance; otherwise this process only. */
export function createEventBus(options: { redisUrl: string | null; channelPrefix: string }, log: Logger): EventBus {
  return options.redisUrl ? new RedisEventBus(options.redisUrl, options.channelPrefix, log) : new InProcessEventBus(log);
}
