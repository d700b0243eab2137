import {
  addCommentBodySchema,
  addCommentResponseSchema,
  allCommentsQuerySchema,
  allCommentsResponseSchema,
  API_PATHS,
  COMMENT_SENT_MESSAGE,
  errorBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommentsService } from './comments.service.js';

export interface CommentRoutesOptions {
  comments: CommentsService;
  rateLimitPerMinute: number;
}

export const commentRoutes: FastifyPluginAsyncZod<CommentRoutesOptions> = async (app, { comments, rateLimitPerMinute }) => {
  const tags = ['comments'];

  app.post(
    API_PATHS.comment.add,
    {
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Comment on an approved product (anybody); plain text, kept as typed and never rendered as markup',
        body: addCommentBodySchema,
        response: { 201: addCommentResponseSchema, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send({ message: COMMENT_SENT_MESSAGE, comment: await comments.add(request.body) }),
  );

  app.get(
    API_PATHS.comment.all,
    {
      schema: {
        tags,
        summary:
          'Comments, newest first: an admin gets all (or ?productId=) with emails and product titles; anybody else must give ?productId= and gets no emails',
        querystring: allCommentsQuerySchema,
        response: {
          200: allCommentsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => comments.list(request.user, request.query.productId),
  );
};
