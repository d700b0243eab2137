import {
  API_PATHS,
  downloadQuerySchema,
  errorBodySchema,
  idParamsSchema,
  releaseListSchema,
  releaseModeratedSchema,
  releaseParamsSchema,
  releaseSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import { sendPrivateFile } from '../../http/private-file.js';
import type { ReleasesService } from './releases.service.js';

export interface ReleaseRoutesOptions {
  releases: ReleasesService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const releaseRoutes: FastifyPluginAsyncZod<ReleaseRoutesOptions> = async (app, { releases }) => {
  const tags = ['releases'];

  app.get(
    API_PATHS.product.sourceCode,
    {
      config: { studio: 'products' },
      preHandler: requireUser,
      schema: {
        tags: ['products'],
        summary: "The source archive (zip), streamed to the owner or an admin: the newest approved release's, or ?release= any one's",
        params: idParamsSchema,
        querystring: downloadQuerySchema,
        produces: ['application/zip'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const file = await releases.openSourceCode(actorOf(request), request.params.id, request.query.release);
      return sendPrivateFile(reply, { ...file, contentType: 'application/zip' });
    },
  );

  app.get(
    API_PATHS.product.releases,
    {
      config: { studio: 'read' },
      schema: {
        tags,
        summary: "A product's approved releases, newest version first; its owner and admins also see Pending and Rejected ones",
        params: idParamsSchema,
        response: { 200: releaseListSchema, 404: errorBodySchema },
      },
    },
    async (request) => releases.list(request.user, request.params.id),
  );

  app.post(
    API_PATHS.product.releases,
    {
      config: { studio: 'products' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Publish a new version (multipart: version, changelog, engineVersion, sourceCode) by the product's owner or an admin. " +
          "The version must be greater than the latest approved one. An admin's release is Approved at once, a user's Pending.",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: releaseSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const release = await releases.publishFromForm(actorOf(request), request.params.id, request.isMultipart() ? request.parts() : null);
      return reply.status(201).send(release);
    },
  );

  app.get(
    API_PATHS.product.pendingReleases,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Releases waiting for an admin, oldest first (admin only)',
        response: { 200: releaseListSchema, ...errors },
      },
    },
    async (request) => releases.pending(actorOf(request)),
  );

  app.put(
    API_PATHS.product.approveRelease,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Approve a release (admin only): buyers are served it, and each buyer's download window opens again",
        params: releaseParamsSchema,
        response: { 200: releaseModeratedSchema, ...errors },
      },
    },
    async (request) => ({ message: 'Release approved', release: await releases.approve(actorOf(request), request.params.releaseId) }),
  );

  app.put(
    API_PATHS.product.rejectRelease,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Reject a release (admin only); a published one is taken back from buyers',
        params: releaseParamsSchema,
        response: { 200: releaseModeratedSchema, ...errors },
      },
    },
    async (request) => ({ message: 'Release rejected', release: await releases.reject(actorOf(request), request.params.releaseId) }),
  );
};
