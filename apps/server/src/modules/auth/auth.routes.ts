import {
  API_PATHS,
  errorBodySchema,
  forgotPasswordBodySchema,
  messageBodySchema,
  resetPasswordBodySchema,
  secondFactorRequiredSchema,
  sessionUserSchema,
  signInBodySchema,
  signUpBodySchema,
  userListSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actorOf,
  clearSessionCookie,
  clearSignedInHint,
  deviceOf,
  requireAdmin,
  setPendingSignInCookie,
  setSessionCookie,
  SESSION_COOKIE,
} from './session.js';
import { unauthorized } from '../../platform/errors.js';
import type { AuthService } from './auth.service.js';
import type { PasswordResetService } from './passwordReset.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  passwordReset: PasswordResetService;
  cookieSecure: boolean;
  rateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, passwordReset, cookieSecure, rateLimitPerMinute },
) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: 60_000 };
  const tags = ['users'];

  app.post(
    API_PATHS.user.addUser,
    {
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary: 'Sign up (always as role User) and start a session',
        body: signUpBodySchema,
        response: { 201: sessionUserSchema, 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await auth.signUp(request.body, deviceOf(request));
      setSessionCookie(reply, session, cookieSecure);
      return reply.status(201).send(session.user);
    },
  );

  app.post(
    API_PATHS.user.signIn,
    {
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary:
          'Sign in and start a session (httpOnly cookie); an account with a second factor gets { secondFactorRequired, methods } ' +
          'and a 5-minute pending cookie instead, finished by POST /api/user/2fa/verify (docs/decisions/0016)',
        body: signInBodySchema,
        response: {
          200: sessionUserSchema.or(secondFactorRequiredSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await auth.signIn(request.body, deviceOf(request));
      if (outcome.kind === 'pending') {
        setPendingSignInCookie(reply, outcome.pending, cookieSecure);
        return { secondFactorRequired: true as const, methods: outcome.pending.methods };
      }
      setSessionCookie(reply, outcome.session, cookieSecure);
      return outcome.session.user;
    },
  );

  app.post(
    API_PATHS.user.signOut,
    { config: { studio: 'self' }, schema: { tags, summary: 'End the current session', response: { 200: messageBodySchema } } },
    async (request, reply) => {
      await auth.signOut(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, cookieSecure);
      return { message: 'Signed out' };
    },
  );

  app.post(
    API_PATHS.user.forgotPassword,
    {
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary: 'Mail a password reset link (valid 1 hour, single use); the same answer whether or not the email has an account',
        body: forgotPasswordBodySchema,
        response: { 200: messageBodySchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({ message: await passwordReset.requestReset(request.body.email) }),
  );

  app.post(
    API_PATHS.user.resetPassword,
    {
      config: { studio: 'self', rateLimit },
      schema: {
        tags,
        summary: 'Set a new password with a mailed reset token; ends every session of that user',
        body: resetPasswordBodySchema,
        response: { 200: messageBodySchema, 400: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const message = await passwordReset.resetPassword(request.body);
      // This browser's session (if any) was ended with the others.
      clearSessionCookie(reply, cookieSecure);
      return { message };
    },
  );

  app.get(
    API_PATHS.user.currentUser,
    {
      config: { studio: 'self' },
      schema: {
        tags,
        summary: 'The signed-in user of this session',
        response: { 200: sessionUserSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!request.user) {
        clearSignedInHint(reply, cookieSecure);
        throw unauthorized('Not signed in');
      }
      return request.member ? { ...request.user, actingForStudio: true as const } : request.user;
    },
  );

  app.get(
    API_PATHS.user.getUsers,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'All users (Admin only); never a password',
        response: { 200: userListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => auth.listUsers(actorOf(request)),
  );
};
