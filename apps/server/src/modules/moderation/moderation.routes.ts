import {
  API_PATHS,
  changeIdParamsSchema,
  errorBodySchema,
  idParamsSchema,
  messageBodySchema,
  moderationDecisionBodySchema,
  moderationLogSchema,
  pendingChangeListSchema,
  productApprovalBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin } from '../auth/index.js';
import type { ModerationService } from './moderation.service.js';

export interface ModerationRoutesOptions {
  moderation: ModerationService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const REASONS = 'reason: one of the six moderation reasons (moderationReasonSchema in the contracts), note: at most 1,000 characters';

/** Moderation with reasons: decisions on products and on sellers' changes to approved ones; admins only. */
export const moderationRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (app, { moderation }) => {
  const tags = ['products'];

  app.put(
    API_PATHS.product.approve,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Approve a product (admin only), publishing the archive under review (its newest release). ' +
          'With { releaseId }, the release whose checks the admin saw: 409 when a newer archive replaced it since',
        params: idParamsSchema,
        body: productApprovalBodySchema.nullish(),
        response: { 200: messageBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      await moderation.approve(actorOf(request), request.params.id, request.body);
      return { message: 'Product approved' };
    },
  );

  app.put(
    API_PATHS.product.reject,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: `Reject a product (admin only); stored as Rejected with { ${REASONS} }. Without a body the reason is 'Other'`,
        params: idParamsSchema,
        body: moderationDecisionBodySchema.nullish(),
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await moderation.reject(actorOf(request), request.params.id, request.body);
      return { message: 'Product rejected' };
    },
  );

  app.put(
    API_PATHS.product.requestChanges,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: `Ask the seller to fix and resubmit (admin only); stored as ChangesRequested, off the store, with { ${REASONS} }`,
        params: idParamsSchema,
        body: moderationDecisionBodySchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await moderation.requestChanges(actorOf(request), request.params.id, request.body);
      return { message: 'Changes requested' };
    },
  );

  app.get(
    API_PATHS.product.pendingChanges,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Sellers' changes to approved products waiting for an admin, oldest first, each changed field old → new (admin only)",
        response: { 200: pendingChangeListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => moderation.pendingChanges(actorOf(request)),
  );

  app.put(
    API_PATHS.product.approveChange,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Apply a pending change to the live listing (admin only); 409 when the listing changed after the change was sent, 404 when it is no longer open',
        params: changeIdParamsSchema,
        response: { 200: messageBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      await moderation.approveChange(actorOf(request), request.params.changeId);
      return { message: 'Changes approved' };
    },
  );

  app.put(
    API_PATHS.product.rejectChange,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: `Drop a pending change and its images (admin only); the live listing stays as it was. Body { ${REASONS} }`,
        params: changeIdParamsSchema,
        body: moderationDecisionBodySchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await moderation.rejectChange(actorOf(request), request.params.changeId, request.body);
      return { message: 'Changes rejected' };
    },
  );

  app.get(
    API_PATHS.product.moderationLog,
    {
      config: { studio: 'read' },
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "A product's moderation decisions, newest first: who, when, what and why (admin only)",
        params: idParamsSchema,
        response: { 200: moderationLogSchema, ...errors },
      },
    },
    async (request) => moderation.logOf(actorOf(request), request.params.id),
  );
};
