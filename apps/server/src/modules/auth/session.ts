import { SIGNED_IN_HINT_COOKIE, type SessionUser } from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActingMember, AuthService, CurrentSession, Device, PendingSignIn, StartedSession } from './auth.service.js';
import { enforceEnrolment } from './stepUp.js';
import { isAdmin } from './policies.js';
import { forbidden, unauthorized } from '../../platform/errors.js';

export const SESSION_COOKIE = 'sid';
/** A sign-in waiting for its second factor (docs/decisions/0016): 5 minutes, httpOnly, no session. */
export const PENDING_SIGN_IN_COOKIE = 'sid_pending';
const PENDING_COOKIE_PATH = '/api/user';

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
    /** The session of the cookie (its public id, step-up), null for visitors and API tokens. */
    authSession: CurrentSession | null;
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
  app.decorateRequest('authSession', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    // A visitor (no session cookie) is most requests: no lookup, and no promise to wait for.
    if (!token) return done();
    auth
      .sessionForToken(token)
      .then(async (found) => {
        request.user = found?.user ?? null;
        request.member = found?.member ?? null;
        request.authSession = found?.session ?? null;
        await enforceEnrolment(request);
      })
      .then(() => done(), done);
  });
});

export function setSessionCookie(reply: FastifyReply, session: StartedSession, secure: boolean): void {
  const attributes = { sameSite: 'lax', secure, path: '/', expires: session.expiresAt } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...attributes, httpOnly: true });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...attributes, httpOnly: false });
}

export function setPendingSignInCookie(reply: FastifyReply, pending: PendingSignIn, secure: boolean): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, pending.pendingToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: PENDING_COOKIE_PATH,
    expires: pending.expiresAt,
  });
}

export function clearPendingSignInCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: PENDING_COOKIE_PATH });
}

/** The pending sign-in token of a request (for another second factor's routes, e.g. passkeys). */
export const pendingSignInTokenOf = (request: FastifyRequest): string | undefined => request.cookies[PENDING_SIGN_IN_COOKIE];

/** The browser a session is started from: user agent and address (request.ip honours TRUST_PROXY). */
export const deviceOf = (request: FastifyRequest): Device => ({ userAgent: request.headers['user-agent'] ?? null, ip: request.ip ?? null });

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

/**
 * The id of the person behind a signed-in request: the member when the session acts for a studio,
 * whose own second factor or password proves a step-up (docs/decisions/0016, 0018). 401 for visitors.
 */
export const personIdOf = (request: FastifyRequest): string => request.member?.userId ?? actorOf(request)._id;

/** preHandler: signed-in users only (401 before the handler runs). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  actorOf(request);
}

/** preHandler: admins only. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!isAdmin(actorOf(request))) throw forbidden('Only an admin can do this');
}
