import { API_PATHS, errorBodySchema, reconciliationStatusSchema } from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin } from '../auth/index.js';
import type { ProviderReconciliation } from './provider-reconciliation.service.js';

export interface ReconciliationRoutesOptions {
  reconciliation: ProviderReconciliation;
}

const errors = { 401: errorBodySchema, 403: errorBodySchema };

export const reconciliationRoutes: FastifyPluginAsyncZod<ReconciliationRoutesOptions> = async (app, { reconciliation }) => {
  const tags = ['reconciliation'];

  app.get(
    API_PATHS.reconciliation.status,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "The last comparison of Stripe's balance transactions with the ledger, and each difference it found (Admin only)",
        response: { 200: reconciliationStatusSchema, ...errors },
      },
    },
    async (request) => reconciliation.status(actorOf(request)),
  );

  app.post(
    API_PATHS.reconciliation.run,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Compares Stripe's balance transactions since the last run with the ledger now; 409 with simulated payments or while a run is under way (Admin only)",
        response: { 200: reconciliationStatusSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => reconciliation.runNow(actorOf(request)),
  );
};
