import {
  API_PATHS,
  errorBodySchema,
  idParamsSchema,
  messageBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { requireStepUp } from '../auth/index.js';
import { callerOf, type LicencesService, sessionOrTokenAuthentication } from '../licences/index.js';
import type { WebhooksService } from './webhooks.service.js';

export interface WebhookRoutesOptions {
  webhooks: WebhooksService;
  licences: LicencesService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The seller's own servers manage their endpoints with a token too (docs/decisions/0015). */
const security: Record<string, string[]>[] = [{ session: [] }, { sellerToken: [] }];
const bySessionOrToken = 'Signed in, or with a token with the scope `webhooks:write` (403 naming it without).';

/** A browser's session makes an endpoint only after a fresh step-up (docs/decisions/0016); a token's call is the token's own. */
async function stepUpUnlessToken(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization === undefined) await requireStepUp(request);
}

export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, { webhooks, licences }) => {
  const tags = ['webhooks'];
  const requireSessionOrToken = sessionOrTokenAuthentication(licences)('webhooks:write');

  app.get(
    API_PATHS.webhooks.endpoints,
    {
      config: { studio: 'integrations' },
      preHandler: requireSessionOrToken,
      schema: {
        tags,
        security,
        description: bySessionOrToken,
        summary: "The signed-in seller's webhook endpoints (never their secrets)",
        response: { 200: webhookEndpointListSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ endpoints: await webhooks.list(callerOf(request)) }),
  );

  app.post(
    API_PATHS.webhooks.endpoints,
    {
      config: { studio: 'integrations' },
      preHandler: [requireSessionOrToken, stepUpUnlessToken],
      schema: {
        tags,
        security,
        description: `${bySessionOrToken} A session needs a fresh step-up (403 step_up_required).`,
        summary: 'Registers an endpoint for some events; the answer carries its signing secret, shown this once',
        body: webhookEndpointBodySchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(callerOf(request), request.body)),
  );

  app.put(
    API_PATHS.webhooks.endpoint,
    {
      config: { studio: 'integrations' },
      preHandler: requireSessionOrToken,
      schema: {
        tags,
        security,
        description: bySessionOrToken,
        summary:
          'Changes an endpoint’s address, events or state; `rotateSecret` answers a new secret, the old one signing too for 24 hours',
        params: idParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: z.union([webhookEndpointWithSecretSchema, webhookEndpointSchema]), ...errors },
      },
    },
    async (request) => webhooks.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    API_PATHS.webhooks.endpoint,
    {
      config: { studio: 'integrations' },
      preHandler: requireSessionOrToken,
      schema: {
        tags,
        security,
        description: bySessionOrToken,
        summary: 'Deletes an endpoint and its deliveries',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await webhooks.remove(callerOf(request), request.params.id);
      return { message: 'Endpoint deleted' };
    },
  );

  app.post(
    API_PATHS.webhooks.test,
    {
      config: { studio: 'integrations' },
      preHandler: requireSessionOrToken,
      schema: {
        tags,
        security,
        description: bySessionOrToken,
        summary: 'Queues a `webhook.test` event to the endpoint',
        params: idParamsSchema,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await webhooks.sendTest(callerOf(request), request.params.id)),
  );

  app.get(
    API_PATHS.webhooks.deliveries,
    {
      config: { studio: 'integrations' },
      preHandler: requireSessionOrToken,
      schema: {
        tags,
        security,
        description: bySessionOrToken,
        summary: "The endpoint's latest deliveries, newest first: status, attempts, latency and the answer's first characters",
        params: idParamsSchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => ({ deliveries: await webhooks.deliveries(callerOf(request), request.params.id) }),
  );

  app.post(
    API_PATHS.webhooks.replay,
    {
      config: { studio: 'integrations' },
      preHandler: requireSessionOrToken,
      schema: {
        tags,
        security,
        description: bySessionOrToken,
        summary: 'Sends a delivery’s body again, as a new delivery',
        params: idParamsSchema,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await webhooks.replay(callerOf(request), request.params.id)),
  );
};
