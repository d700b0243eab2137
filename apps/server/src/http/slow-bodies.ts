import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestTimeout } from '../platform/errors.js';

/**
 * Bytes a body must bring in each window for it not to count as stalled: about 34 bytes a second
 * over the default 30 s, far below any real line, far above a slow-loris client's byte every 5 s.
 */
export const BODY_BYTES_PER_WINDOW = 1024;

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * A request whose body stalls (less than BODY_BYTES_PER_WINDOW arriving in `idleSeconds`, and not yet
 * complete) is answered 408 and its connection closed, rather than held open for the whole request
 * timeout. Bytes are counted on the socket, so the body is left for its reader; a body the server
 * itself is slow to read (its buffer full) is never taken for a stalled one.
 */
export const slowBodies = fp(async function slowBodies(app: FastifyInstance, { idleSeconds }: { idleSeconds: number }) {
  app.addHook('onRequest', (request, reply, done) => {
    const body = request.raw;
    if (body.complete || !hasBody(request.headers)) return done();
    const socket = body.socket;
    let counted = socket.bytesRead;
    const watch = setInterval(() => {
      // The body has arrived once the parser says so (its `end` comes only when a reader took it all).
      if (body.complete || reply.sent || socket.destroyed) return stop();
      const arrived = socket.bytesRead - counted;
      counted = socket.bytesRead;
      const waitingForUs = body.readableLength >= body.readableHighWaterMark;
      if (arrived >= BODY_BYTES_PER_WINDOW || waitingForUs) return;
      stop();
      reply.header('connection', 'close').send(requestTimeout(`The request body stalled for ${idleSeconds} s.`));
    }, idleSeconds * 1000);
    const stop = () => clearInterval(watch);
    body.once('end', stop);
    body.once('close', stop);
    reply.raw.once('close', stop);
    done();
  });
});
