import { SIGNED_IN_HINT_COOKIE, type SessionUser } from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActingMember, AuthService, StartedSession } from './auth.service.js';
import { isAdmin } from './policies.js';
import { forbidden, unauthorized } from '../../platform/errors.js';

export const SESSION_COOKIE = 'sid';

/** The cookie token of a request's session, for calls that change the session itself. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE];

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie; null for visitors. */
    user: SessionUser | null;
    /**
     * Set when the session acts for a studio (docs/decisions/0018): the person acting and their role;
     * `user` is then the studio's account.
     */
    member: ActingMember | null;
  }
}

export interface AuthenticationOptions {
  auth: AuthService;
  cookieSecure: boolean;
}

/** Resolves the session cookie into `request.user` on every request. */
export const authentication = fp<AuthenticationOptions>(async function authentication(app: FastifyInstance, { auth }) {
  app.decorateRequest('user', null);
  app.decorateRequest('member', null);
  app.addHook('onRequest', async (request) => {
    const session = await auth.sessionForToken(request.cookies[SESSION_COOKIE]);
    request.user = session?.user ?? null;
    request.member = session?.member ?? null;
  });
});

export function setSessionCookie(reply: FastifyReply, session: StartedSession, secure: boolean): void {
  const attributes = { sameSite: 'lax', secure, path: '/', expires: session.expiresAt } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...attributes, httpOnly: true });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...attributes, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  clearSignedInHint(reply, secure);
}

/** For a browser whose session ended on the server (expired, signed out elsewhere): its tabs stop asking. */
export function clearSignedInHint(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}

/**
 * The signed-in user of a request, or 401. Handlers call it once and hand services a `SessionUser`,
 * so no service has to check for a visitor again.
 */
export function actorOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Whom a seller's API token acts as in the services written for signed-in users: its owner as a
 * seller, never with an admin's powers, so what a token writes is moderated like a seller's edit
 * through the site and a token leaked from an admin's build server publishes nothing unreviewed
 * (docs/decisions/0014). Those services ask an actor its id and role only.
 */
export const tokenActor = (userId: string): SessionUser => ({ _id: userId, name: '', email: '', number: '', role: 'User' });

/** preHandler: signed-in users only (401 before the handler runs). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  actorOf(request);
}

/** preHandler: admins only. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!isAdmin(actorOf(request))) throw forbidden('Only an admin can do this');
}
