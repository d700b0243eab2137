import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type EventBus, type EventHandler, TopicHandlers, type Unsubscribe } from './event-bus.js';

/**
 * Redis pub/sub: one connection publishes, a second one (a subscribed connection can do nothing
 * else) listens. A Redis channel is subscribed while at least one handler of its topic lives.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: TopicHandlers;

  constructor(
    url: string,
    private readonly channelPrefix: string,
    private readonly log: Logger,
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 3 });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error) => log.warn({ err: error }, 'redis event bus connection problem'));
    }
    this.handlers = new TopicHandlers((error, topic) => log.error({ err: error, topic }, 'event handler failed'));
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(channelPrefix)) this.handlers.deliver(channel.slice(channelPrefix.length), message);
    });
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    try {
      await this.publisher.publish(this.channelPrefix + topic, JSON.stringify(payload ?? null));
    } catch (error) {
      this.log.error({ err: error, topic }, 'event not published');
    }
  }

  async subscribe(topic: string, handler: EventHandler): Promise<Unsubscribe> {
    if (this.handlers.add(topic, handler)) {
      try {
        await this.subscriber.subscribe(this.channelPrefix + topic);
      } catch (error) {
        this.handlers.remove(topic, handler);
        throw error;
      }
    }
    return async () => {
      if (this.handlers.remove(topic, handler)) {
        await this.subscriber.unsubscribe(this.channelPrefix + topic).catch((error: unknown) => {
          this.log.warn({ err: error, topic }, 'redis unsubscribe failed');
        });
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
