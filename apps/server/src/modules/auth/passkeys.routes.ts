import {
  API_PATHS,
  errorBodySchema,
  messageBodySchema,
  passkeyAuthenticationBodySchema,
  passkeyCreationOptionsSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyRegistrationBodySchema,
  passkeyRenameBodySchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  sessionUserSchema,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSKEY_CHALLENGE_TTL_MS, type PasskeysService, type RelyingParty } from './passkeys.service.js';
import { actorOf, clearPendingSignInCookie, deviceOf, personIdOf, requireUser, setSessionCookie } from './session.js';

/** Ties a passkey sign-in's challenge to the browser that asked for it (docs/decisions/0017). */
export const PASSKEY_CHALLENGE_COOKIE = 'passkey_challenge';

export interface PasskeyRoutesOptions {
  passkeys: PasskeysService;
  /** From PUBLIC_URL; null (development and tests without it): the page's own origin, as the request tells it. */
  relyingParty: RelyingParty | null;
  cookieSecure: boolean;
  rateLimitPerMinute: number;
}

/** The page's origin: the browser's Origin header of these POSTs, else the address the request came to. */
function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const own = `${request.protocol}://${request.host}`;
  const given = request.headers.origin;
  // An opaque origin ('null', a sandboxed frame) names no host: the request's own address does.
  const url = new URL(given && URL.canParse(given) ? given : own);
  return { id: url.hostname, origins: [url.origin] };
}

export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (
  app,
  { passkeys, relyingParty, cookieSecure, rateLimitPerMinute },
) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: 60_000 };
  const tags = ['passkeys'];
  const rpOf = (request: FastifyRequest) => relyingParty ?? relyingPartyOf(request);
  const challengeCookie = {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure,
    // Sent to the sign-in's verify and to the step-up's, both under /authentication.
    path: '/api/user/passkeys/authentication',
  } as const;

  app.get(
    API_PATHS.passkeys.list,
    {
      preHandler: requireUser,
      schema: { tags, summary: "The signed-in person's passkeys", response: { 200: passkeyListSchema, 401: errorBodySchema } },
    },
    async (request) => ({ passkeys: await passkeys.list(actorOf(request)) }),
  );

  app.post(
    API_PATHS.passkeys.registrationOptions,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Options for navigator.credentials.create(): a discoverable passkey; its challenge is good once, for 5 minutes',
        response: { 200: passkeyCreationOptionsSchema, 401: errorBodySchema },
      },
    },
    async (request) => passkeys.registrationOptions(actorOf(request), rpOf(request)),
  );

  app.post(
    API_PATHS.passkeys.registrationVerify,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Checks the browser's new credential against the challenge and stores it (named after the device unless named)",
        body: passkeyRegistrationBodySchema,
        response: { 201: passkeySchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await passkeys.register(actorOf(request), request.body, rpOf(request), request.headers['user-agent'])),
  );

  app.put(
    API_PATHS.passkeys.one,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Renames one of your passkeys',
        params: passkeyIdParamsSchema,
        body: passkeyRenameBodySchema,
        response: { 200: passkeySchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => passkeys.rename(actorOf(request), request.params.id, request.body.name),
  );

  app.delete(
    API_PATHS.passkeys.one,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Removes one of your passkeys: it no longer signs in',
        params: passkeyIdParamsSchema,
        response: { 200: messageBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await passkeys.remove(actorOf(request), request.params.id);
      return { message: 'Passkey removed' };
    },
  );

  app.post(
    API_PATHS.passkeys.authenticationOptions,
    {
      // Also a step-up's first half, which a member acting for a studio makes with their own passkey.
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary:
          'Options for navigator.credentials.get() to sign in with a passkey alone; the challenge is tied to this browser by a cookie',
        response: { 200: passkeyRequestOptionsSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { challengeId, options } = await passkeys.authenticationOptions(rpOf(request));
      reply.setCookie(PASSKEY_CHALLENGE_COOKIE, challengeId, { ...challengeCookie, maxAge: PASSKEY_CHALLENGE_TTL_MS / 1000 });
      return options;
    },
  );

  app.post(
    API_PATHS.passkeys.authenticationVerify,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Checks a passkey assertion (signature and counter) and starts a session (httpOnly cookie), as signing in does',
        body: passkeyAuthenticationBodySchema,
        response: { 200: sessionUserSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const challengeId = request.cookies[PASSKEY_CHALLENGE_COOKIE];
      // Spent or not, the challenge is good for one try.
      reply.clearCookie(PASSKEY_CHALLENGE_COOKIE, challengeCookie);
      const session = await passkeys.signIn(challengeId, request.body, rpOf(request), deviceOf(request));
      setSessionCookie(reply, session, cookieSecure);
      // A passkey also finishes a sign-in that was waiting for its second factor.
      clearPendingSignInCookie(reply, cookieSecure);
      return session.user;
    },
  );

  app.post(
    API_PATHS.passkeys.stepUp,
    {
      preHandler: requireUser,
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary: 'Confirm it is you for 10 minutes with one of your passkeys (options from authentication/options)',
        body: passkeyAuthenticationBodySchema,
        response: { 200: messageBodySchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const challengeId = request.cookies[PASSKEY_CHALLENGE_COOKIE];
      reply.clearCookie(PASSKEY_CHALLENGE_COOKIE, challengeCookie);
      if (!request.authSession) throw unauthorized();
      await passkeys.stepUp(personIdOf(request), request.authSession, challengeId, request.body, rpOf(request));
      return { message: 'Confirmed' };
    },
  );
};
