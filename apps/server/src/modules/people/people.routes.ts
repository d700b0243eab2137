import {
  API_PATHS,
  errorBodySchema,
  idParamsSchema,
  peopleQuerySchema,
  personPageSchema,
  purchaserPageSchema,
  purchaserPurchaseListSchema,
  sellerPageSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin } from '../auth/index.js';
import type { PeopleService } from './people.service.js';

export interface PeopleRoutesOptions {
  people: PeopleService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const peopleRoutes: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, { people }) => {
  const tags = ['users'];

  app.get(
    API_PATHS.user.listUsers,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'All users, newest first, a page at a time; ?search= matches name or email (Admin only)',
        querystring: peopleQuerySchema,
        response: { 200: personPageSchema, ...errors },
      },
    },
    async (request) => people.users(actorOf(request), request.query),
  );

  app.get(
    API_PATHS.user.purchasers,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Users with purchases: count, total spent, latest purchase; paginated and searchable (Admin only)',
        querystring: peopleQuerySchema,
        response: { 200: purchaserPageSchema, ...errors },
      },
    },
    async (request) => people.purchasers(actorOf(request), request.query),
  );

  app.get(
    API_PATHS.user.purchaserPurchases,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "One user's purchases with their lines, newest first (Admin only)",
        params: idParamsSchema,
        response: { 200: purchaserPurchaseListSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => people.purchasesOf(actorOf(request), request.params.id),
  );

  app.get(
    API_PATHS.user.sellers,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Users with products: product count, units sold, earnings; paginated and searchable (Admin only)',
        querystring: peopleQuerySchema,
        response: { 200: sellerPageSchema, ...errors },
      },
    },
    async (request) => people.sellers(actorOf(request), request.query),
  );
};
