import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { redisStoreWithLocalFallback } from './rate-limit-store.js';

export interface SecurityOptions {
  /** The checkout loads Stripe.js, which talks to api.stripe.com and frames its card fields (and 3-D Secure pages). */
  stripeCheckout: boolean;
  /** Counts attempts in Redis, so the limits hold across instances; null: in this process's memory. */
  rateLimitRedisUrl: string | null;
  /** Prefix of the Redis keys, shared with the event bus's channels. */
  redisPrefix: string;
}

/** A rate-limit count in Redis waits no longer than this before counting locally. */
const REDIS_COMMAND_TIMEOUT_MS = 250;

const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

/** Security headers with a strict CSP, and rate limiting for the routes that ask for it. */
export const security = fp<SecurityOptions>(async function security(
  app: FastifyInstance,
  { stripeCheckout, rateLimitRedisUrl, redisPrefix },
) {
  const stripe = (origins: string[]) => (stripeCheckout ? origins : []);
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe(STRIPE_SCRIPTS)],
          // react-bootstrap and the rich-text editor set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...stripe(STRIPE_CONNECT)],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...stripe(STRIPE_FRAMES)],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const redis = rateLimitRedisUrl
    ? // A limiter must answer fast: while Redis is away, or slow, attempts are counted in this process instead.
      new Redis(rateLimitRedisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 2_000,
      })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis rate-limit store connection problem'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisStoreWithLocalFallback(redis, `${redisPrefix}rate-limit:`) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });
});

/**
 * Helmet's headers depend on nothing in the request, so they are worked out once here
 * (@fastify/helmet builds the middleware again for every request, a few percent of a cached read).
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    // Lower case, as Fastify keeps them: it lowers every name it is given, and a name already lower
    // is neither copied nor looked up again on each answer (docs/decisions/0021).
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
