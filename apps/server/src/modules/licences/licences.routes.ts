import { Readable } from 'node:stream';
import {
  API_PATHS,
  apiTokenListSchema,
  createdTokenSchema,
  createPaymentIntentResponseSchema,
  createTokenBodySchema,
  errorBodySchema,
  idParamsSchema,
  licenceAppParamsSchema,
  licenceListSchema,
  licenceParamsSchema,
  licenceSchema,
  reasonBodySchema,
  registerAppBodySchema,
  updateAppBodySchema,
  upgradeLicenceBodySchema,
  verificationSchema,
  verifyQuerySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivateFile } from '../../http/private-file.js';
import { perAccount } from '../../http/rate-limit-store.js';
import { actorOf, requireAdmin, requireStepUp, requireUser } from '../auth/index.js';
import type { LicencesService } from './licences.service.js';
import { holderOf, perToken, tokenAuthentication } from './token-auth.js';

export interface LicenceRoutesOptions {
  licences: LicencesService;
  verifyRateLimitPerMinute: number;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** As create-payment-intent's: each opens a payment intent, and a flood of them is somebody scripting the provider. */
const UPGRADES_PER_MINUTE = 10;

const VERIFY_EXAMPLE = `curl -H "Authorization: Bearer smk_…" "https://market.example/api/licence/verify?code=3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b"`;

export const licenceRoutes: FastifyPluginAsyncZod<LicenceRoutesOptions> = async (app, { licences, verifyRateLimitPerMinute }) => {
  const tags = ['licences'];
  const requireToken = tokenAuthentication(licences);

  app.get(
    API_PATHS.licence.mine,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in buyer's licences, newest first: purchase codes, products and registered apps",
        response: { 200: licenceListSchema, ...errors },
      },
    },
    async (request) => licences.mine(actorOf(request)),
  );

  app.get(
    API_PATHS.licence.verify,
    {
      preHandler: requireToken('licences:read'),
      config: { studio: 'self', rateLimit: { max: verifyRateLimitPerMinute, timeWindow: 60_000, keyGenerator: perToken('') } },
      schema: {
        tags,
        summary: 'A seller checks a purchase code of one of their products with an API token (Authorization: Bearer …)',
        description:
          `Answers the licence's status, product, type, purchase date, buyer's name and registered apps. A code of another seller's ` +
          `product answers exactly like an unknown one (404). Needs the scope licences:read (403 without). Rate limited per token.\n\nExample:\n\n    ${VERIFY_EXAMPLE}`,
        security: [{ sellerToken: [] }],
        querystring: verifyQuerySchema,
        response: { 200: verificationSchema, ...errors, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => licences.verify(holderOf(request), request.query.code),
  );

  app.get(
    API_PATHS.licence.tokens,
    {
      config: { studio: 'integrations' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in seller's live API tokens (never the tokens themselves)",
        response: { 200: apiTokenListSchema, ...errors },
      },
    },
    async (request) => licences.tokens(actorOf(request)),
  );

  app.post(
    API_PATHS.licence.tokens,
    {
      config: { studio: 'integrations' },
      // A token acts for its seller without them: made only after a fresh step-up (docs/decisions/0016).
      preHandler: requireStepUp,
      schema: {
        tags,
        summary:
          'Create an API token with scopes and an expiry (docs/decisions/0014); the answer is the only time the token is sent (at most 10 live)',
        body: createTokenBodySchema,
        response: { 201: createdTokenSchema, ...errors, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await licences.createToken(actorOf(request), request.body)),
  );

  app.delete(
    API_PATHS.licence.token,
    {
      config: { studio: 'integrations' },
      preHandler: requireUser,
      schema: { tags, summary: 'Revoke one of your API tokens', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await licences.revokeToken(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_PATHS.licence.byCode,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One licence, to its buyer or an admin (anyone else: 404)',
        params: licenceParamsSchema,
        response: { 200: licenceSchema, ...errors },
      },
    },
    async (request) => licences.byCode(actorOf(request), request.params.code),
  );

  app.get(
    API_PATHS.licence.certificate,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The licence certificate as a one-page A4 PDF, to its buyer or an admin',
        params: licenceParamsSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await licences.certificate(actorOf(request), request.params.code);
      return sendPrivateFile(reply, { stream: Readable.from([pdf]), fileName, size: pdf.length, contentType: 'application/pdf' });
    },
  );

  app.post(
    API_PATHS.licence.apps,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Register an app that uses the licence: a Single App License holds one, a Multi App License any number',
        params: licenceParamsSchema,
        body: registerAppBodySchema,
        response: { 201: licenceSchema, ...errors, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await licences.registerApp(actorOf(request), request.params.code, request.body)),
  );

  app.put(
    API_PATHS.licence.app,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Correct a registered app's name or store address (its bundle id stays)",
        params: licenceAppParamsSchema,
        body: updateAppBodySchema,
        response: { 200: licenceSchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request) => licences.updateApp(actorOf(request), request.params.code, request.params.appId, request.body),
  );

  app.delete(
    API_PATHS.licence.app,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Clear a registered app, with a reason, for a buyer who changed apps (Admin only)',
        params: licenceAppParamsSchema,
        body: reasonBodySchema,
        response: { 200: licenceSchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request) => licences.clearApp(actorOf(request), request.params.code, request.params.appId, request.body.reason),
  );

  app.post(
    API_PATHS.licence.upgrade,
    {
      preHandler: requireUser,
      config: { rateLimit: { max: UPGRADES_PER_MINUTE, timeWindow: 60_000, keyGenerator: perAccount('upgrade-') } },
      schema: {
        tags,
        summary:
          "Upgrade your Single App License to a Multi App License paying the difference of today's prices (a running sale's included): " +
          'opens its checkout as create-payment-intent does (the same answer and card step); once paid, the same purchase code is a Multi App License',
        description:
          'Refused: a licence of somebody else (404), a revoked one (403), one that is Multi already, an upgrade paid already or being paid, ' +
          `a product no longer for sale (409), an \`amount\` that differs from the server's (400); 429 past ${UPGRADES_PER_MINUTE} a minute per user. ` +
          'A refund of the upgrade makes the licence Single again (docs/decisions/0010).',
        params: licenceParamsSchema,
        body: upgradeLicenceBodySchema,
        response: { 200: createPaymentIntentResponseSchema, ...errors, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => licences.upgrade(actorOf(request), request.params.code, request.body),
  );

  app.put(
    API_PATHS.licence.revoke,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Revoke a licence, with a reason (Admin only): it no longer downloads, registers apps or verifies as valid',
        params: licenceParamsSchema,
        body: reasonBodySchema,
        response: { 200: licenceSchema, ...errors, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => licences.revoke(actorOf(request), request.params.code, request.body.reason),
  );
};
