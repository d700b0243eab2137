import {
  API_PATHS,
  archiveCheckListSchema,
  errorBodySchema,
  idParamsSchema,
  insideAnalysingSchema,
  insideQuerySchema,
  insideRefusedSchema,
  insideReportSchema,
} from '@market/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { ArchivesService } from './archives.service.js';

export interface ArchiveRoutesOptions {
  archives: ArchivesService;
}

export const archiveRoutes: FastifyPluginAsyncZod<ArchiveRoutesOptions> = async (app, { archives }) => {
  const tags = ['products'];

  app.get(
    API_PATHS.product.inside,
    {
      config: { studio: 'read' },
      schema: {
        tags,
        summary:
          "What's inside a release's source archive: files, languages, engine and SDK versions, third-party code and licences. " +
          'The newest release the viewer may see unless `release` names one; the seller warnings for its owner and admins only; ' +
          '202 while the archive is still being analysed.',
        params: idParamsSchema,
        querystring: insideQuerySchema,
        response: {
          200: z.discriminatedUnion('status', [insideReportSchema, insideRefusedSchema]),
          202: insideAnalysingSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await archives.inside(request.user, request.params.id, request.query.release);
      return answer.status === 'analysing' ? reply.status(202).send(answer) : answer;
    },
  );

  app.get(
    API_PATHS.product.archiveChecks,
    {
      config: { studio: 'read' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The newest release of each of the seller's products (for an admin: of each product awaiting moderation), " +
          'with what the analysis of its archive warns of.',
        response: { 200: archiveCheckListSchema, 401: errorBodySchema },
      },
    },
    async (request) => archives.checks(actorOf(request)),
  );
};
