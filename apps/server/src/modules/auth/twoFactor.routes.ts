import {
  API_PATHS,
  confirmTotpBodySchema,
  errorBodySchema,
  messageBodySchema,
  recoveryCodesSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionUserSchema,
  stepUpBodySchema,
  stepUpResultSchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
  verifySecondFactorBodySchema,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../platform/errors.js';
import type { AuthService, CurrentSession } from './auth.service.js';
import { actorOf, clearPendingSignInCookie, personIdOf, deviceOf, pendingSignInTokenOf, requireUser, setSessionCookie } from './session.js';
import { requireStepUp } from './stepUp.js';

export interface TwoFactorRoutesOptions {
  auth: AuthService;
  cookieSecure: boolean;
  rateLimitPerMinute: number;
}

const sessionOf = (request: FastifyRequest): CurrentSession => {
  actorOf(request);
  if (!request.authSession) throw unauthorized();
  return request.authSession;
};

/** Two-factor sign-in, step-up and the signed-in person's sessions (docs/decisions/0016). */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, { auth, cookieSecure, rateLimitPerMinute }) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: 60_000 };
  const tags = ['security'];
  const signedIn = { 401: errorBodySchema, 403: errorBodySchema };

  app.get(
    API_PATHS.security.twoFactor,
    {
      preHandler: requireUser,
      // A member acting for a studio steps up with their own factor, so the dialog asks about theirs.
      config: { studio: 'self' },
      schema: {
        tags,
        summary: 'What protects the signed-in account: TOTP, recovery codes left, sign-in methods',
        response: { 200: twoFactorStatusSchema, ...signedIn },
      },
    },
    async (request) => auth.twoFactor.status(personIdOf(request), sessionOf(request).enrolmentOnly),
  );

  app.post(
    API_PATHS.security.totp,
    {
      preHandler: requireUser,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Start TOTP enrolment: a new unconfirmed secret, its otpauth URI and a QR code (SVG drawn by this server)',
        response: { 200: totpEnrolmentSchema, ...signedIn, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => auth.twoFactor.startTotp(actorOf(request)),
  );

  app.put(
    API_PATHS.security.totp,
    {
      preHandler: requireUser,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Confirm TOTP with a first code; answers 10 recovery codes, shown this once (only their hashes are kept)',
        body: confirmTotpBodySchema,
        response: { 200: recoveryCodesSchema, 400: errorBodySchema, ...signedIn, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const codes = await auth.twoFactor.confirmTotp(actorOf(request), request.body.code);
      await auth.markSteppedUp(sessionOf(request));
      return codes;
    },
  );

  app.delete(
    API_PATHS.security.totp,
    {
      preHandler: requireStepUp,
      schema: {
        tags,
        summary: 'Turn TOTP off (and drop the recovery codes); needs a fresh step-up',
        response: { 200: messageBodySchema, ...signedIn },
      },
    },
    async (request) => {
      await auth.twoFactor.disableTotp(actorOf(request));
      return { message: 'Two-factor sign-in is off' };
    },
  );

  app.post(
    API_PATHS.security.verify,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Finish a pending sign-in (its cookie) with a code or a recovery code; starts the session. ' +
          'The sixth wrong code ends the pending sign-in (429)',
        body: verifySecondFactorBodySchema,
        response: { 200: sessionUserSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        const session = await auth.verifyPendingSignIn(pendingSignInTokenOf(request), request.body, deviceOf(request));
        clearPendingSignInCookie(reply, cookieSecure);
        setSessionCookie(reply, session, cookieSecure);
        return session.user;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 400) clearPendingSignInCookie(reply, cookieSecure);
        throw error;
      }
    },
  );

  app.post(
    API_PATHS.security.stepUp,
    {
      preHandler: requireUser,
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary: 'Confirm it is you for 10 minutes: a code, a recovery code, or (only for an account without a second factor) the password',
        body: stepUpBodySchema,
        response: { 200: stepUpResultSchema, 400: errorBodySchema, ...signedIn, 429: errorBodySchema },
      },
    },
    async (request) => ({ steppedUpUntil: (await auth.stepUp(personIdOf(request), sessionOf(request), request.body)).toISOString() }),
  );

  app.get(
    API_PATHS.security.sessions,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in person's live sessions; `current` marks this browser's",
        response: { 200: sessionListSchema, ...signedIn },
      },
    },
    async (request) => ({ sessions: await auth.listSessions(actorOf(request), sessionOf(request)) }),
  );

  app.delete(
    API_PATHS.security.session,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Sign out one session (by its id from the list)',
        params: sessionIdParamsSchema,
        response: { 204: z.null(), ...signedIn, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await auth.revokeSession(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    API_PATHS.security.sessions,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Sign out every other session; this browser stays signed in',
        response: { 200: messageBodySchema, ...signedIn },
      },
    },
    async (request) => {
      const ended = await auth.revokeOtherSessions(actorOf(request), sessionOf(request));
      return { message: ended === 1 ? 'Signed out 1 other session' : `Signed out ${ended} other sessions` };
    },
  );
};
