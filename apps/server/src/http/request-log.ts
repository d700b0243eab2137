import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What an incoming X-Request-Id may be to be kept: a balancer's id, never a log-injection vehicle. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The balancer's X-Request-Id when it is safe, so one id follows a request through every hop; else a new one. */
export function requestIdOf(request: { headers: FastifyRequest['headers'] }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Paths a balancer or supervisor polls every few seconds: logged at debug, or they drown the rest. */
const isProbe = (route: string | undefined) => route?.startsWith('/api/health') ?? false;

const socketBytesAtStart = new WeakMap<FastifyRequest, number>();

/** The answer's body size when it was announced; a stream without Content-Length is counted off the socket, headers included. */
function responseBytes(request: FastifyRequest, reply: FastifyReply): number | undefined {
  const announced = Number(reply.raw.getHeader('content-length'));
  if (Number.isFinite(announced)) return announced;
  // The request's socket: the answer lets go of its own once finished.
  const written = request.raw.socket?.bytesWritten;
  const socketBytesBefore = socketBytesAtStart.get(request);
  return written !== undefined && socketBytesBefore !== undefined ? written - socketBytesBefore : undefined;
}

/**
 * Returns the request id on every answer and writes one access line per request: method, route
 * pattern (never the query or body, which may carry tokens), status, duration, the client's address
 * as trusted (TRUST_PROXY decides whether X-Forwarded-For counts), its user agent and the size of
 * the answer.
 */
export const requestLog = fp(async function requestLog(app: FastifyInstance) {
  // Callback hooks: an async hook's promise and its extra turn were a measurable part of a kept answer's cost.
  app.addHook('onRequest', (request, reply, done) => {
    const written = request.raw.socket?.bytesWritten;
    if (written !== undefined) socketBytesAtStart.set(request, written);
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      route: route ?? 'unmatched',
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      clientIp: request.ip,
      userAgent: request.headers['user-agent'],
      responseBytes: responseBytes(request, reply),
    };
    if (isProbe(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
});
