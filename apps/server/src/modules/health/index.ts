import { API_PATHS } from '@market/contracts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/index.js';
import type { DependencyChecks } from './dependencies.js';
import type { Readiness } from './readiness.js';

export { DependencyChecks, type DependencyName } from './dependencies.js';
export { Readiness, type ReadinessReport } from './readiness.js';

const check = z.enum(['ok', 'failed']);
const dependencyCheck = z.object({ status: check, reason: z.string().optional() });
/**
 * 'degraded' when a configured Redis, SMTP server or bucket fails; still answered with 200, so a
 * probe written for the older `{ status: 'ok' }` answer keeps passing: the instance serves.
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['sqlite', 'postgres']),
  dependencies: z.object({ redis: dependencyCheck, smtp: dependencyCheck, storage: dependencyCheck }).partial().optional(),
});
const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  draining: z.boolean(),
  checks: z.object({ database: check }),
});

/** Liveness and readiness, for supervisors and load balancers. */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  readiness: Readiness;
  dependencies: DependencyChecks;
}> = async (app, { database, readiness, dependencies }) => {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['health'],
        summary:
          'The server and its database answer (else 500); status degraded, with the reason, while a configured Redis, SMTP server or bucket fails (still 200)',
        response: { 200: healthSchema },
      },
    },
    async () => {
      await sql`select 1`.execute(database.db);
      const report = await dependencies.report();
      const configured = Object.keys(report.checks).length > 0;
      return {
        status: report.degraded ? ('degraded' as const) : ('ok' as const),
        database: database.dialect,
        ...(configured ? { dependencies: report.checks } : {}),
      };
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
        summary:
          'This instance should get traffic: its database answers within 2 s and it is not draining (Redis, SMTP and the bucket never count)',
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
