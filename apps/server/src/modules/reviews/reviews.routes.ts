import {
  addReviewBodySchema,
  API_PATHS,
  errorBodySchema,
  hideReviewBodySchema,
  productReviewsParamsSchema,
  replyBodySchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewParamsSchema,
  reviewSchema,
  updateReviewBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../http/rate-limit-store.js';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import type { ReviewsService } from './reviews.service.js';

export interface ReviewRoutesOptions {
  reviews: ReviewsService;
  rateLimitPerMinute: number;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews, rateLimitPerMinute }) => {
  const tags = ['reviews'];

  app.get(
    API_PATHS.review.ofProduct,
    {
      config: { studio: 'self' },
      schema: {
        tags,
        summary: "A product's visible reviews, newest first, 20 a page, with their count and average rating (anybody)",
        params: productReviewsParamsSchema,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => reviews.ofProduct(request.user ?? null, request.params.productId, request.query.page),
  );

  app.post(
    API_PATHS.review.add,
    {
      preHandler: requireUser,
      config: {
        rateLimit: {
          max: rateLimitPerMinute,
          timeWindow: 60_000,
          keyGenerator: perAccount(),
        },
      },
      schema: {
        tags,
        summary: 'Review a product you hold an active licence of: a rating of 1–5 and 10–2,000 characters; one review per product',
        body: addReviewBodySchema,
        response: { 201: reviewSchema, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { productId, rating, text } = request.body;
      return reply.status(201).send(await reviews.add(actorOf(request), productId, rating, text));
    },
  );

  app.put(
    API_PATHS.review.byId,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Edit your review: its rating, its text or both',
        params: reviewParamsSchema,
        body: updateReviewBodySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.edit(actorOf(request), request.params.id, request.body),
  );

  app.put(
    API_PATHS.review.reply,
    {
      config: { studio: 'products' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The product's seller answers a review (and may correct the answer); the reviewer is told of the first one",
        params: reviewParamsSchema,
        body: replyBodySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.reply(actorOf(request), request.params.id, request.body.text),
  );

  app.put(
    API_PATHS.review.hide,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Hide a review, with a reason (Admin only): it leaves the product page and its average',
        params: reviewParamsSchema,
        body: hideReviewBodySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.hide(actorOf(request), request.params.id, request.body.reason),
  );

  app.put(
    API_PATHS.review.unhide,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Show a hidden review again (Admin only)',
        params: reviewParamsSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.unhide(actorOf(request), request.params.id),
  );
};
