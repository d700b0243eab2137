import {
  API_PATHS,
  customWorkCancelBodySchema,
  customWorkDisputeBodySchema,
  customWorkListQuerySchema,
  customWorkListSchema,
  customWorkNoteBodySchema,
  customWorkQuoteBodySchema,
  customWorkResolveBodySchema,
  customWorkReviewBodySchema,
  customWorkReviewListSchema,
  customWorkReviewsQuerySchema,
  customWorkSchema,
  errorBodySchema,
  idParamsSchema,
  idSchema,
  reskinRequestListSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivateFile } from '../../http/private-file.js';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import { readChatSendRequest } from '../reskin-chat/index.js';
import type { CustomWorkService } from './custom-work.service.js';

export interface CustomWorkRoutesOptions {
  customWork: CustomWorkService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['custom work'];

/** Custom work as an escrowed order (docs/decisions/0013): HTTP only, one service call each. */
export const customWorkRoutes: FastifyPluginAsyncZod<CustomWorkRoutesOptions> = async (app, { customWork }) => {
  app.post(
    API_PATHS.customWork.list,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A quote for custom work, by the product's seller or an admin, to a buyer who asked for a reskin of the product",
        body: customWorkQuoteBodySchema,
        response: { 201: customWorkSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await customWork.quote(actorOf(request), request.body)),
  );

  app.get(
    API_PATHS.customWork.list,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admins: every custom work order, or those in one status (?status=disputed), or of one buyer and product',
        querystring: customWorkListQuerySchema.extend({ buyerId: idSchema.optional(), productId: idSchema.optional() }),
        response: { 200: customWorkListSchema, ...errors },
      },
    },
    async (request) => customWork.list(actorOf(request), request.query),
  );

  app.get(
    API_PATHS.customWork.mine,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The custom work the signed-in user buys or sells, newest first; ?productId= for one product',
        querystring: z.strictObject({ productId: idSchema.optional() }),
        response: { 200: customWorkListSchema, ...errors },
      },
    },
    async (request) => customWork.mine(actorOf(request), request.query.productId),
  );

  app.get(
    API_PATHS.customWork.requests,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Who asked for a reskin of the seller's products (of any product, for an admin): where a quote may go",
        response: { 200: reskinRequestListSchema, ...errors },
      },
    },
    async (request) => customWork.reskinRequests(actorOf(request)),
  );

  app.get(
    API_PATHS.customWork.one,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One order, with its scope, deliveries and their analyses, history, and what the viewer may do now',
        params: idParamsSchema,
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.get(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.customWork.accept,
    {
      preHandler: requireUser,
      schema: { tags, summary: 'The buyer accepts the quote', params: idParamsSchema, response: { 200: customWorkSchema, ...errors } },
    },
    async (request) => customWork.accept(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.customWork.deliver,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The seller delivers (multipart: sourceCode, a .zip with the releases’ limits, and note); the archive is analysed',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: customWorkSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customWork.deliver(actorOf(request), request.params.id, request.isMultipart() ? request.parts() : null)),
  );

  app.post(
    API_PATHS.customWork.acceptDelivery,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The buyer accepts the delivery: the milestone’s money goes to the seller',
        params: idParamsSchema,
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.acceptDelivery(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.customWork.requestChanges,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The buyer asks for changes (at most CUSTOM_WORK_REVISIONS times per milestone); the release timer stops',
        params: idParamsSchema,
        body: customWorkNoteBodySchema,
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.requestChanges(actorOf(request), request.params.id, request.body.note),
  );

  app.post(
    API_PATHS.customWork.cancel,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Either side cancels before the money arrives; the buyer also once the delivery is 3 days overdue (refunded)',
        params: idParamsSchema,
        body: customWorkCancelBodySchema.nullish(),
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.cancel(actorOf(request), request.params.id, request.body?.reason),
  );

  app.post(
    API_PATHS.customWork.dispute,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Either side disputes money held in escrow; the timer stops and the admins are told',
        params: idParamsSchema,
        body: customWorkDisputeBodySchema,
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.dispute(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    API_PATHS.customWork.resolve,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Admins resolve a dispute: release, refund, or split with the seller's percent",
        params: idParamsSchema,
        body: customWorkResolveBodySchema,
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.resolve(actorOf(request), request.params.id, request.body),
  );

  app.get(
    API_PATHS.customWork.download,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A delivery's archive, for the buyer, the seller and the admins",
        params: z.strictObject({ id: idSchema, deliveryId: idSchema }),
        produces: ['application/zip'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const file = await customWork.openDelivery(actorOf(request), request.params.id, request.params.deliveryId);
      return sendPrivateFile(reply, { ...file, contentType: 'application/zip' });
    },
  );

  app.post(
    API_PATHS.customWork.evidence,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Either side or an admin adds evidence to a dispute (multipart: message, and an optional fileUpload — an image, a PDF or a ZIP of at most 10 MB)',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        response: { 201: customWorkSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customWork.addEvidence(actorOf(request), request.params.id, await readChatSendRequest(request))),
  );

  app.get(
    API_PATHS.customWork.evidenceFile,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A piece of evidence's file, for the buyer, the seller and the admins",
        params: z.strictObject({ id: idSchema, evidenceId: idSchema }),
        produces: ['application/octet-stream'],
        response: { ...errors },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, await customWork.openEvidence(actorOf(request), request.params.id, request.params.evidenceId)),
  );

  app.put(
    API_PATHS.customWork.review,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The buyer reviews the work once the seller has been paid for it (accepted, released, or a dispute released or split)',
        params: idParamsSchema,
        body: customWorkReviewBodySchema,
        response: { 200: customWorkSchema, ...errors },
      },
    },
    async (request) => customWork.review(actorOf(request), request.params.id, request.body),
  );

  app.get(
    API_PATHS.customWork.reviews,
    {
      config: { studio: 'self' },
      schema: {
        tags,
        summary: 'What buyers said of custom work done on a product: the average, the count and the newest 20',
        querystring: customWorkReviewsQuerySchema,
        response: { 200: customWorkReviewListSchema, ...errors },
      },
    },
    async (request) => customWork.reviewsOfProduct(request.query.productId),
  );
};
