import {
  API_PATHS,
  errorBodySchema,
  holdListQuerySchema,
  idParamsSchema,
  payoutHoldListSchema,
  payoutHoldSchema,
  payoutStatusSchema,
  placeHoldBodySchema,
  releaseHoldBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import type { PayoutsService } from './payouts.service.js';

export interface PayoutRoutesOptions {
  payouts: PayoutsService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const payoutRoutes: FastifyPluginAsyncZod<PayoutRoutesOptions> = async (app, { payouts }) => {
  const tags = ['payouts'];

  app.get(
    API_PATHS.payout.status,
    {
      config: { studio: 'payouts' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in seller's payouts: the mode, the available balance (cents) and the open holds",
        response: { 200: payoutStatusSchema, 401: errorBodySchema },
      },
    },
    async (request) => payouts.status(actorOf(request)),
  );

  app.get(
    API_PATHS.payout.holds,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "A seller's payout holds, open and released, newest first (Admin only)",
        querystring: holdListQuerySchema,
        response: { 200: payoutHoldListSchema, ...errors },
      },
    },
    async (request) => payouts.list(actorOf(request), request.query.sellerId),
  );

  app.post(
    API_PATHS.payout.holds,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Holds a seller's payouts with a reason, what they must do and a review date after today (Admin only)",
        body: placeHoldBodySchema,
        response: { 201: payoutHoldSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await payouts.place(actorOf(request), request.body)),
  );

  app.delete(
    API_PATHS.payout.hold,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Releases an open hold, with an optional note; the hold stays as history (Admin only)',
        params: idParamsSchema,
        body: releaseHoldBodySchema,
        response: { 200: payoutHoldSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => payouts.release(actorOf(request), request.params.id, request.body?.note),
  );
};
