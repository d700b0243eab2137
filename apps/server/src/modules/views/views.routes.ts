import { API_PATHS, analyticsEventQuerySchema, errorBodySchema, gameViewCountsSchema, idParamsSchema } from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ViewsService } from './views.service.js';

const recordedSchema = z.object({ message: z.string(), counted: z.boolean() });

export const viewRoutes: FastifyPluginAsyncZod<{ views: ViewsService; rateLimitPerMinute: number }> = async (
  app,
  { views, rateLimitPerMinute },
) => {
  const tags = ['views'];

  app.post(
    API_PATHS.view.record,
    {
      config: { studio: 'self', rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Record a view of an approved product; counted once per visitor and hour',
        params: idParamsSchema,
        // Where the visit came from, for the seller's analytics (docs/decisions/0020); nothing about the visitor.
        querystring: analyticsEventQuerySchema,
        response: { 200: recordedSchema, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { counted } = await views.record(
        request.params.id,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        request.query.referrer ?? null,
      );
      return { message: counted ? 'View recorded' : 'Already counted this hour', counted };
    },
  );

  app.get(
    API_PATHS.view.counts,
    { config: { studio: 'self' }, schema: { tags, summary: 'Views per product', response: { 200: gameViewCountsSchema } } },
    async () => views.counts(),
  );
};
