import {
  API_PATHS,
  errorBodySchema,
  HIRE_SENT_MESSAGE,
  hireRequestBodySchema,
  hireRequestListSchema,
  hireRequestSchema,
  hireRequestSentSchema,
  idParamsSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin } from '../auth/index.js';
import type { HireService } from './hire.service.js';

export interface HireRoutesOptions {
  hire: HireService;
  rateLimitPerMinute: number;
}

export const hireRoutes: FastifyPluginAsyncZod<HireRoutesOptions> = async (app, { hire, rateLimitPerMinute }) => {
  const tags = ['developers'];
  const adminErrors = { 401: errorBodySchema, 403: errorBodySchema };

  app.post(
    API_PATHS.developer.hire,
    {
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Ask to hire a developer (anybody); requirenments is rich text, sanitised before it is stored',
        body: hireRequestBodySchema,
        response: { 201: hireRequestSentSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id } = await hire.send(request.body);
      return reply.status(201).send({ message: HIRE_SENT_MESSAGE, _id: id });
    },
  );

  app.get(
    API_PATHS.developer.all,
    {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Hire requests, newest first (Admin only)', response: { 200: hireRequestListSchema, ...adminErrors } },
    },
    async (request) => hire.list(actorOf(request)),
  );

  app.get(
    API_PATHS.developer.byId,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'One hire request (Admin only)',
        params: idParamsSchema,
        response: { 200: hireRequestSchema, ...adminErrors, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => hire.byId(actorOf(request), request.params.id),
  );
};
