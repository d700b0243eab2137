import { API_PATHS } from '@market/contracts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/index.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** Liveness and database reachability, for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    API_PATHS.health,
    { schema: { tags: ['health'], summary: 'The server and its database answer', response: { 200: healthSchema } } },
    async () => {
      await sql`select 1`.execute(database.db);
      return { status: 'ok' as const, database: database.dialect };
    },
  );
};
