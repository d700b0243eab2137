import {
  API_PATHS,
  errorBodySchema,
  idParamsSchema,
  messageBodySchema,
  saleEventBodySchema,
  saleEventListSchema,
  saleEventSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { SalesService } from './sales.service.js';

export interface SaleRoutesOptions {
  sales: SalesService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const saleRoutes: FastifyPluginAsyncZod<SaleRoutesOptions> = async (app, { sales }) => {
  const tags = ['sales'];

  app.get(
    API_PATHS.sale.list,
    {
      config: { studio: 'read' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in seller's sales, latest start first: scheduled, running and ended, with their products' prices",
        response: { 200: saleEventListSchema, 401: errorBodySchema },
      },
    },
    async (request) => sales.list(actorOf(request)),
  );

  app.post(
    API_PATHS.sale.list,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Puts some of the seller's products on sale at a percent off for a period; refused within 30 days of a price rise on one of them, or over another sale of one",
        body: saleEventBodySchema,
        response: { 201: saleEventSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await sales.create(actorOf(request), request.body)),
  );

  app.delete(
    API_PATHS.sale.one,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Deletes a scheduled sale, or ends a running one now; an ended sale stays',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => ({
      message: (await sales.remove(actorOf(request), request.params.id)) === 'deleted' ? 'Sale deleted' : 'Sale ended',
    }),
  );
};
