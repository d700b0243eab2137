import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamOptions {
  /** Counts the streams open on this instance (metrics), when metrics are on. */
  openStreams?: { inc(): void; dec(): void } | undefined;
  /** Comment lines keep idle proxies from closing a stream. */
  heartbeatMs: number;
}

/** One server-sent event; `id` (a stored row's cursor) when the database can send it again. */
export interface StreamEvent {
  event: string;
  data: unknown;
  id?: string;
}

/** What feeds one stream: live events, and what the database holds after an id the browser last got. */
export interface StreamSource {
  /**
   * Subscribes: `deliver` gets each live event; `missedSome` is called when live events may have
   * been lost (the bus reconnected after an outage). Resolves once events from then on are delivered.
   */
  follow(deliver: (event: StreamEvent) => void, missedSome: () => void): Promise<() => Promise<void>>;
  /**
   * The stored events after `lastId`, oldest first; none for an id it does not know. `rereading`: this
   * stream sent `lastId` itself and drops what it sent already, so the source may also answer events
   * stored a little before it (another instance's clock may lag behind).
   */
  missedAfter(lastId: string, rereading: boolean): Promise<StreamEvent[]>;
}

/** Ids of events sent lately, kept to drop an event that both the database and the bus deliver. */
const REMEMBERED_IDS = 1_000;

/**
 * Server-sent events for a route of `app`: `serve` answers one request with a stream that `source`
 * feeds until the browser leaves or the server closes (which ends every stream, so closing does not
 * wait for browsers to hang up).
 *
 * Catching up (docs/decisions/0006): events with an id are stored rows, so a browser that comes back
 * with `Last-Event-ID`, and every open stream once the bus reconnects, gets what it missed from the
 * database. Live events are subscribed to first and held while the database is read, then let
 * through; an event already sent (same id, same data) is not sent again, so there is no gap and no
 * duplicate.
 */
export function eventStreams(app: FastifyInstance, { openStreams, heartbeatMs }: EventStreamOptions) {
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  return async function serve(request: FastifyRequest, reply: FastifyReply, source: StreamSource): Promise<void> {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold the events back.
      'x-accel-buffering': 'no',
    });
    streams.add(stream);
    openStreams?.inc();
    // An event may arrive between the end of the response and its close event; writing then would throw.
    const write = (text: string) => {
      if (!stream.writableEnded && !stream.destroyed) stream.write(text);
    };

    const header = request.headers['last-event-id'];
    let lastId: string | null = (Array.isArray(header) ? header[0] : header) ?? null;
    const sent = new Map<string, string>();
    /**
     * A stream opened without Last-Event-ID starts at its first event: rows stored before it are the
     * page's own load, never missed by this stream, so a reread after an outage does not send them.
     */
    let firstId: string | null = null;
    const send = (event: StreamEvent) => {
      const data = JSON.stringify(event.data);
      if (event.id !== undefined) {
        if (sent.get(event.id) === data) return;
        sent.set(event.id, data);
        if (sent.size > REMEMBERED_IDS) sent.delete(sent.keys().next().value!);
        if (lastId === null || event.id > lastId) lastId = event.id;
        firstId ??= header === undefined ? event.id : null;
      }
      write(`event: ${event.event}\n${event.id !== undefined ? `id: ${event.id}\n` : ''}data: ${data}\n\n`);
    };
    // Live events wait here while the database is read.
    let held: StreamEvent[] | null = null;
    const deliver = (event: StreamEvent) => (held ? held.push(event) : send(event));
    const letThrough = () => {
      const waiting = held ?? [];
      held = null;
      for (const event of waiting) send(event);
    };
    let catchingUp = Promise.resolve();
    const catchUp = (rereading: boolean) => {
      catchingUp = catchingUp.then(async () => {
        const after = lastId;
        held ??= [];
        try {
          if (after !== null && !stream.destroyed && !stream.writableEnded) {
            for (const event of await source.missedAfter(after, rereading)) {
              if (rereading && firstId !== null && event.id !== undefined && event.id < firstId) continue;
              send(event);
            }
          }
        } catch (error) {
          request.log.error({ err: error }, 'event stream could not catch up');
        } finally {
          letThrough();
        }
      });
      return catchingUp;
    };

    let heartbeat: NodeJS.Timeout | undefined;
    let unsubscribe: (() => Promise<void>) | undefined;
    // Registered before subscribing: a browser that leaves while Redis confirms must not leave a subscription behind.
    stream.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(stream);
      openStreams?.dec();
      void unsubscribe?.();
    });
    let subscription: () => Promise<void>;
    held = [];
    try {
      subscription = await source.follow(deliver, () => void catchUp(true));
    } catch (error) {
      // The answer has begun, so no error answer: the browser reconnects after the retry delay.
      request.log.error({ err: error }, 'event stream could not subscribe');
      stream.end();
      return;
    }
    if (stream.destroyed || stream.writableEnded) {
      await subscription();
      return;
    }
    unsubscribe = subscription;
    // Events held since subscribing go out after the stored ones, those already sent left out.
    await catchUp(false);
    // Sent once listening and caught up: a client (or a test) knows no event from now on is missed.
    write('retry: 3000\n: ready\n\n');
    heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  };
}
