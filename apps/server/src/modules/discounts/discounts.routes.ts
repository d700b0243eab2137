import {
  API_PATHS,
  discountBodySchema,
  discountListSchema,
  discountSchema,
  errorBodySchema,
  idParamsSchema,
  messageBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import type { DiscountsService } from './discounts.service.js';

export interface DiscountRoutesOptions {
  discounts: DiscountsService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const discountRoutes: FastifyPluginAsyncZod<DiscountRoutesOptions> = async (app, { discounts }) => {
  const tags = ['discounts'];

  app.get(
    API_PATHS.discount.list,
    {
      config: { studio: 'read' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in seller's discount codes, newest first, with their uses held and paid and what their orders paid",
        response: { 200: discountListSchema, 401: errorBodySchema },
      },
    },
    async (request) => discounts.list(actorOf(request)),
  );

  app.post(
    API_PATHS.discount.list,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Makes a discount code for the seller's own products (all of them when productIds is empty); 409 when the seller has that code",
        body: discountBodySchema,
        response: { 201: discountSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await discounts.create(actorOf(request), request.body)),
  );

  app.put(
    API_PATHS.discount.one,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Changes a code (pause it with paused: true); uses already held or paid stay',
        params: idParamsSchema,
        body: discountBodySchema,
        response: { 200: discountSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => discounts.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    API_PATHS.discount.one,
    {
      config: { studio: 'marketing' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Deletes a code; one that orders used is kept for them, and its text is free again',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await discounts.remove(actorOf(request), request.params.id);
      return { message: 'Discount code deleted' };
    },
  );

  // Platform codes (docs/decisions/0009 "Platform codes"): an admin's, for any seller's products, funded by the platform.
  app.get(
    API_PATHS.discount.platform,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "The platform's discount codes (Admin), newest first, with their uses held and paid and what their orders paid",
        response: { 200: discountListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => discounts.list(actorOf(request), 'platform'),
  );

  app.post(
    API_PATHS.discount.platform,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Makes a platform code (Admin): it reaches any seller's products (the ones named, or all when productIds is empty); the platform pays what it takes off, the seller earns the price before it; 409 when a platform code has that text",
        body: discountBodySchema,
        response: { 201: discountSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await discounts.create(actorOf(request), request.body, 'platform')),
  );

  app.put(
    API_PATHS.discount.platformOne,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Changes a platform code (Admin; pause it with paused: true); uses already held or paid stay',
        params: idParamsSchema,
        body: discountBodySchema,
        response: { 200: discountSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => discounts.update(actorOf(request), request.params.id, request.body, 'platform'),
  );

  app.delete(
    API_PATHS.discount.platformOne,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Deletes a platform code (Admin); one that orders used is kept for them, and its text is free again',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await discounts.remove(actorOf(request), request.params.id, 'platform');
      return { message: 'Discount code deleted' };
    },
  );
};
