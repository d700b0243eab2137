import {
  API_PATHS,
  declineRefundBodySchema,
  errorBodySchema,
  refundBodySchema,
  refundRequestBodySchema,
  refundRequestListQuerySchema,
  refundRequestListSchema,
  refundRequestParamsSchema,
  refundRequestSchema,
  refundResultSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../http/rate-limit-store.js';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import type { RefundsService } from './refunds.service.js';

export interface RefundRoutesOptions {
  refunds: RefundsService;
  rateLimitPerMinute: number;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const refundRoutes: FastifyPluginAsyncZod<RefundRoutesOptions> = async (app, { refunds, rateLimitPerMinute }) => {
  const tags = ['refunds'];

  app.post(
    API_PATHS.purchase.refund,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Refund a purchase line through the payment provider, or every line when productId is left out (Admin): the licence is revoked, ' +
          "the seller's earnings lose its price, the buyer is told. Once per line: a repeat answers refundedNow false",
        body: refundBodySchema,
        response: { 200: refundResultSchema, ...errors },
      },
    },
    async (request) => refunds.refund(actorOf(request), request.body),
  );

  app.post(
    API_PATHS.purchase.refundRequest,
    {
      preHandler: requireUser,
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000, keyGenerator: perAccount() } },
      schema: {
        tags,
        summary:
          'Ask for a refund of a bought licence within 7 days of the purchase, with a reason of 20–1,000 characters; once per licence',
        body: refundRequestBodySchema,
        response: { 201: refundRequestSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await refunds.request(actorOf(request), request.body)),
  );

  app.get(
    API_PATHS.purchase.refundRequests,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Refund requests, newest first, of one status or all (Admin)',
        querystring: refundRequestListQuerySchema,
        response: { 200: refundRequestListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => refunds.list(actorOf(request), request.query.status),
  );

  app.put(
    API_PATHS.purchase.declineRefundRequest,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Decline a pending refund request with a reason the buyer reads (Admin)',
        params: refundRequestParamsSchema,
        body: declineRefundBodySchema,
        response: { 200: refundRequestSchema, ...errors },
      },
    },
    async (request) => refunds.decline(actorOf(request), request.params.id, request.body.reason),
  );
};
