import { API_PATHS, basketBodySchema, basketSchema, errorBodySchema, type BasketKind } from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { BasketsService } from './baskets.service.js';

const PATHS: Record<BasketKind, string> = { cart: API_PATHS.basket.cart, wishlist: API_PATHS.basket.wishlist };

export const basketRoutes: FastifyPluginAsyncZod<{ baskets: BasketsService }> = async (app, { baskets }) => {
  const tags = ['baskets'];
  const errors = { 400: errorBodySchema, 401: errorBodySchema };

  for (const kind of ['cart', 'wishlist'] as const) {
    app.get(
      PATHS[kind],
      {
        config: { studio: 'self' },
        preHandler: requireUser,
        schema: {
          tags,
          summary: `Your ${kind}: its lines with the products' cards`,
          response: { 200: basketSchema, 401: errorBodySchema },
        },
      },
      async (request) => baskets.list(actorOf(request), kind),
    );

    app.put(
      PATHS[kind],
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: `Replace your ${kind}; a product you cannot buy (your own, or not for sale) refuses the write`,
          body: basketBodySchema,
          response: { 200: basketSchema, ...errors },
        },
      },
      async (request) => baskets.replace(actorOf(request), kind, request.body.items),
    );

    app.post(
      PATHS[kind],
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: `Add the browser's lines to your ${kind} at sign-in; lines it already has and products you cannot buy are left out`,
          body: basketBodySchema,
          response: { 200: basketSchema, ...errors },
        },
      },
      async (request) => baskets.add(actorOf(request), kind, request.body.items),
    );
  }
};
