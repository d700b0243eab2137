import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Returns the request id on every answer and writes one access line per request: method, route
 * pattern (never the query or body, which may carry tokens), status and duration.
 */
export const requestLog = fp(async function requestLog(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      route: route ?? 'unmatched',
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (isProbe(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
});
