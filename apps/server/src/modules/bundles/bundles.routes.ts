import {
  API_PATHS,
  bundleBodySchema,
  bundleListQuerySchema,
  bundleListSchema,
  bundleSchema,
  errorBodySchema,
  idParamsSchema,
  messageBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { BundlesService } from './bundles.service.js';

export interface BundleRoutesOptions {
  bundles: BundlesService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const bundleRoutes: FastifyPluginAsyncZod<BundleRoutesOptions> = async (app, { bundles }) => {
  const tags = ['bundles'];

  app.get(
    API_PATHS.bundle.list,
    {
      config: { studio: 'read' },
      schema: {
        tags,
        summary:
          "Without a query, the signed-in seller's bundles, newest first, for sale or not (401 signed out). With productId, the bundles for sale " +
          "that hold the product; with portfolio (a portfolio page's name), those that hold one of its products",
        querystring: bundleListQuerySchema,
        response: { 200: bundleListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => bundles.list(request.user, request.query),
  );

  app.post(
    API_PATHS.bundle.list,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Makes a bundle of 2–20 of the seller's approved products at one price per licence type, each at least 10% below the sum of " +
          "the products' list prices of that type",
        body: bundleBodySchema,
        response: { 201: bundleSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await bundles.create(actorOf(request), request.body)),
  );

  app.get(
    API_PATHS.bundle.one,
    {
      config: { studio: 'read' },
      schema: {
        tags,
        summary: "A bundle with its products at today's prices: to anybody while it is for sale, always to its seller and admins",
        params: idParamsSchema,
        response: { 200: bundleSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => bundles.get(request.user, request.params.id),
  );

  app.put(
    API_PATHS.bundle.one,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Changes a bundle's name, products and prices, checked as when it was made; orders already paid keep theirs",
        params: idParamsSchema,
        body: bundleBodySchema,
        response: { 200: bundleSchema, ...errors },
      },
    },
    async (request) => bundles.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    API_PATHS.bundle.one,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Deletes a bundle: it is sold no more; orders that bought it keep it on their lines',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await bundles.remove(actorOf(request), request.params.id);
      return { message: 'Bundle deleted' };
    },
  );
};
