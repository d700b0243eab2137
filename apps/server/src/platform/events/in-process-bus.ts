import type { Logger } from 'pino';
import { type EventBus, type EventHandler, TopicHandlers, type Unsubscribe } from './event-bus.js';

/** The default bus: one process, no service. Events are delivered after the publisher's turn, as over a network. */
export class InProcessEventBus implements EventBus {
  private readonly handlers: TopicHandlers;

  constructor(log: Logger) {
    this.handlers = new TopicHandlers((error, topic) => log.error({ err: error, topic }, 'event handler failed'));
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    const json = JSON.stringify(payload ?? null);
    queueMicrotask(() => this.handlers.deliver(topic, json));
  }

  async subscribe(topic: string, handler: EventHandler): Promise<Unsubscribe> {
    this.handlers.add(topic, handler);
    return async () => {
      this.handlers.remove(topic, handler);
    };
  }

  onReconnect(): () => void {
    // One process never loses its bus.
    return () => {};
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
