import {
  API_PATHS,
  analyticsEventQuerySchema,
  analyticsProductsSchema,
  analyticsQuerySchema,
  errorBodySchema,
  idParamsSchema,
  sellerAnalyticsSchema,
} from '@market/contracts';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPrivateFile } from '../../http/private-file.js';
import { z } from 'zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { AnalyticsService } from './analytics.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService; rateLimitPerMinute: number }> = async (
  app,
  { analytics, rateLimitPerMinute },
) => {
  const tags = ['analytics'];

  app.post(
    API_PATHS.analytics.cart,
    {
      config: { studio: 'self', rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Count an approved product put in a cart, with where the visit came from (docs/decisions/0020)',
        params: idParamsSchema,
        querystring: analyticsEventQuerySchema,
        response: { 202: z.object({ message: z.string() }), 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await analytics.cartAdded(request.params.id, request.query.referrer ?? null);
      return reply.status(202).send({ message: 'Counted' });
    },
  );

  app.get(
    API_PATHS.user.analyticsProducts,
    {
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in seller's products, for the analytics page's choice",
        response: { 200: analyticsProductsSchema, 401: errorBodySchema },
      },
    },
    async (request) => analytics.products(actorOf(request)),
  );

  app.get(
    API_PATHS.user.analytics,
    {
      // Revenue is money: the same capability as the earnings and the statement (docs/decisions/0018).
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The signed-in seller's views, carts, checkouts, sales, refunds and revenue (from the ledger) per day, referrer, product and release",
        querystring: analyticsQuerySchema,
        response: { 200: sellerAnalyticsSchema, ...errors },
      },
    },
    async (request) => analytics.report(actorOf(request), request.query),
  );

  app.get(
    API_PATHS.user.analyticsCsv,
    {
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The same analytics, one row per day and then the referrers, as a CSV download',
        querystring: analyticsQuerySchema,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, {
        stream: Readable.from([await analytics.csv(actorOf(request), request.query)]),
        fileName: `analytics-${request.query.from}-${request.query.to}.csv`,
        contentType: 'text/csv; charset=utf-8',
      }),
  );
};
