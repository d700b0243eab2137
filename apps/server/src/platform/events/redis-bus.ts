import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type EventBus, type EventHandler, TopicHandlers, type Unsubscribe } from './event-bus.js';

/** A publish waits no longer than this for Redis; a user's request never waits on an outage. */
const PUBLISH_TIMEOUT_MS = 500;
/** Longest pause between the subscriber's attempts to reach Redis again. */
const RECONNECT_MAX_DELAY_MS = 500;
/** A subscribe made while Redis is away resolves after this; the subscription is sent once Redis is back. */
const SUBSCRIBE_WAIT_MS = 1_000;

/**
 * Redis pub/sub: one connection publishes, a second one (a subscribed connection can do nothing
 * else) listens. A Redis channel is subscribed while at least one handler of its topic lives.
 *
 * Redis is an accelerator, not a dependency: while it is away a publish fails at once and is
 * delivered to this instance's own handlers instead, subscriptions wait in the subscriber's queue
 * (ioredis sends them, and resubscribes the others, once it reconnects), and on reconnecting the
 * reconnect listeners are told that events were missed.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: TopicHandlers;
  private readonly reconnectListeners = new Set<() => void>();

  constructor(
    url: string,
    private readonly channelPrefix: string,
    private readonly log: Logger,
  ) {
    this.publisher = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: PUBLISH_TIMEOUT_MS,
      connectTimeout: 2_000,
    });
    // Tries again every half second at most (ioredis' default backs off to 2 s): open streams catch up
    // from the database once it is back, and that wait is most of what a browser waits.
    this.subscriber = new Redis(url, {
      maxRetriesPerRequest: null,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 50, RECONNECT_MAX_DELAY_MS),
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error) => log.warn({ err: error }, 'redis event bus connection problem'));
    }
    let lost = false;
    this.subscriber.on('close', () => {
      lost = true;
    });
    this.subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      log.info('redis event bus connected again');
      // ioredis sends the subscriptions again right after 'ready'; once a PING behind them on the same
      // connection is answered they are in force, so whoever then reads the database misses nothing.
      setImmediate(() => {
        void this.subscriber
          .ping()
          .catch((error: unknown) => log.warn({ err: error }, 'redis event bus ping after reconnecting failed'))
          .finally(() => {
            for (const listener of this.reconnectListeners) listener();
          });
      });
    });
    this.handlers = new TopicHandlers((error, topic) => log.error({ err: error, topic }, 'event handler failed'));
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(channelPrefix)) this.handlers.deliver(channel.slice(channelPrefix.length), message);
    });
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    const json = JSON.stringify(payload ?? null);
    try {
      await this.publisher.publish(this.channelPrefix + topic, json);
    } catch (error) {
      // The other instances miss it (they drop their caches when Redis is back); this one still hears it.
      this.log.warn({ err: error, topic }, 'event not published to redis; delivered on this instance only');
      queueMicrotask(() => this.handlers.deliver(topic, json));
    }
  }

  async subscribe(topic: string, handler: EventHandler): Promise<Unsubscribe> {
    if (this.handlers.add(topic, handler)) {
      const subscribed = this.subscriber.subscribe(this.channelPrefix + topic);
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), SUBSCRIBE_WAIT_MS);
      });
      try {
        if ((await Promise.race([subscribed, waited])) === 'waited') {
          this.log.warn({ topic }, 'redis is not answering; the subscription is sent once it is back');
          subscribed.catch((error: unknown) => this.log.error({ err: error, topic }, 'redis subscribe failed'));
        }
      } catch (error) {
        this.handlers.remove(topic, handler);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    }
    return async () => {
      if (!this.handlers.remove(topic, handler)) return;
      const unsubscribed = this.subscriber.unsubscribe(this.channelPrefix + topic).catch((error: unknown) => {
        this.log.warn({ err: error, topic }, 'redis unsubscribe failed');
      });
      // While Redis is away the unsubscribe waits in the queue; nobody waits for it (the handler is gone already).
      if (this.subscriber.status === 'ready') await unsubscribed;
    };
  }

  onReconnect(listener: () => void): () => void {
    // Each listener its own entry, so one stream's removal leaves another's identical function in place.
    const entry = () => listener();
    this.reconnectListeners.add(entry);
    return () => this.reconnectListeners.delete(entry);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.reconnectListeners.clear();
    // quit() would wait in the offline queue while Redis is away.
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
