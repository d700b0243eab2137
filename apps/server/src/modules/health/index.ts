import { API_PATHS } from '@market/contracts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/index.js';
import type { Readiness } from './readiness.js';

export { Readiness, type ReadinessReport } from './readiness.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
const check = z.enum(['ok', 'failed']);
const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  draining: z.boolean(),
  checks: z.object({ database: check, redis: check.optional() }),
});

/** Liveness and readiness, for supervisors and load balancers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; readiness: Readiness }> = async (
  app,
  { database, readiness },
) => {
  app.get(
    API_PATHS.health,
    { schema: { tags: ['health'], summary: 'The server and its database answer', response: { 200: healthSchema } } },
    async () => {
      await sql`select 1`.execute(database.db);
      return { status: 'ok' as const, database: database.dialect };
    },
  );

  app.get(
    API_PATHS.healthLive,
    { schema: { tags: ['health'], summary: 'The process answers', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    API_PATHS.healthReady,
    {
      schema: {
        tags: ['health'],
        summary: 'This instance should get traffic: database (and Redis) answer within 2 s and it is not draining',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const report = await readiness.report();
      return reply
        .status(report.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: report.ready ? 'ready' : 'unavailable', draining: report.draining, checks: report.checks });
    },
  );
};
