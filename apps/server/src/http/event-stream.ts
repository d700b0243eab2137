import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamOptions {
  /** Counts the streams open on this instance (metrics), when metrics are on. */
  openStreams?: { inc(): void; dec(): void } | undefined;
  /** Comment lines keep idle proxies from closing a stream. */
  heartbeatMs: number;
}

/** Sends one event: its name and a JSON payload. */
export type SendEvent = (event: string, payload: unknown) => void;

/**
 * Server-sent events for a route of `app`: `serve` answers one request with a stream that the
 * subscription `follow` feeds until the browser leaves or the server closes (which ends every
 * stream, so closing does not wait for browsers to hang up).
 */
export function eventStreams(app: FastifyInstance, { openStreams, heartbeatMs }: EventStreamOptions) {
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  return async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    follow: (send: SendEvent) => Promise<() => Promise<void>>,
  ): Promise<void> {
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
    try {
      subscription = await follow((event, payload) => write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`));
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
    // Sent once listening: a client (or a test) knows no event from now on is missed.
    write('retry: 3000\n: ready\n\n');
    heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  };
}
