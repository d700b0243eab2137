/** A JSON value: what survives the trip through Redis unchanged. */
export type EventPayload = unknown;

export type EventHandler = (payload: EventPayload) => void;

/** Stops one subscription; the handler gets nothing published after it resolves. */
export type Unsubscribe = () => Promise<void>;

/**
 * Publish/subscribe between every instance of the app (DESIGN.md "One picture": in-process by
 * default, Redis pub/sub with REDIS_URL). Delivery is best effort: what must not be lost is stored
 * in the database first, and an event only tells the other side to look.
 */
export interface EventBus {
  /** Sends the payload (JSON) to every subscriber of the topic on every instance; failures are logged, never thrown. */
  publish(topic: string, payload: EventPayload): Promise<void>;
  /** Resolves once events published from then on reach the handler. */
  subscribe(topic: string, handler: EventHandler): Promise<Unsubscribe>;
  /**
   * Called each time the bus is connected again after losing its connection: events of the outage
   * were missed, so whoever keeps copies of shared state drops them, and open event streams catch up
   * from the database. Never called in-process. Answers a function that stops the calls.
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Handlers by topic, shared by both implementations; a throwing handler cannot starve the others. */
export class TopicHandlers {
  private readonly byTopic = new Map<string, Set<EventHandler>>();

  constructor(private readonly onHandlerError: (error: unknown, topic: string) => void) {}

  /** Adds the handler; true when it is the topic's first. */
  add(topic: string, handler: EventHandler): boolean {
    const handlers = this.byTopic.get(topic);
    if (handlers) {
      handlers.add(handler);
      return false;
    }
    this.byTopic.set(topic, new Set([handler]));
    return true;
  }

  /** Removes the handler; true when the topic has none left. */
  remove(topic: string, handler: EventHandler): boolean {
    const handlers = this.byTopic.get(topic);
    if (!handlers?.delete(handler)) return false;
    if (handlers.size > 0) return false;
    this.byTopic.delete(topic);
    return true;
  }

  deliver(topic: string, json: string): void {
    const handlers = this.byTopic.get(topic);
    if (!handlers) return;
    for (const handler of handlers) {
      try {
        // Each handler gets its own copy, as it would from Redis.
        handler(JSON.parse(json));
      } catch (error) {
        this.onHandlerError(error, topic);
      }
    }
  }

  clear(): void {
    this.byTopic.clear();
  }
}
