import {
  API_PATHS,
  changeEmailBodySchema,
  changePasswordBodySchema,
  errorBodySchema,
  messageBodySchema,
  sessionUserSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../platform/errors.js';
import type { AccountService } from './account.service.js';
import type { AuthService } from './auth.service.js';
import { actorOf, sessionTokenOf } from './session.js';
import { requireStepUp } from './stepUp.js';

export interface AccountRoutesOptions {
  account: AccountService;
  auth: AuthService;
}

/**
 * The signed-in person's email and password (docs/decisions/0016). Not reachable while acting for a
 * studio: the studio's account is the owner's to change, never a member's.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account, auth }) => {
  const tags = ['users'];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

  app.put(
    API_PATHS.security.email,
    {
      preHandler: requireStepUp,
      schema: {
        tags,
        summary: 'Change the email you sign in with, after a fresh step-up; both addresses are mailed',
        body: changeEmailBodySchema,
        response: { 200: sessionUserSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const person = actorOf(request);
      await account.changeEmail(person._id, request.body);
      // Read back as the session sees it, so the page and its stored copy show the new address.
      const fresh = await auth.sessionForToken(sessionTokenOf(request));
      if (!fresh) throw unauthorized();
      return fresh.user;
    },
  );

  app.put(
    API_PATHS.security.password,
    {
      preHandler: requireStepUp,
      schema: {
        tags,
        summary: 'Set a new password, after a fresh step-up; every other browser is signed out',
        body: changePasswordBodySchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      const person = actorOf(request);
      if (!request.authSession) throw unauthorized();
      return { message: await account.changePassword(person._id, request.authSession.tokenHash, request.body) };
    },
  );
};
