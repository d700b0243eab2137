import type { ApiScope, SessionUser } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, requireUser, tokenActor } from '../auth/index.js';
import { bearerTokenOf, hashToken, type LicencesService, type TokenHolder } from './licences.service.js';

const holders = new WeakMap<FastifyRequest, TokenHolder>();

/**
 * The one door of token-authenticated calls (docs/decisions/0014): `requireToken('sales:read')` is a
 * preHandler that answers 401 without a live, unexpired Bearer token and 403 naming the scope when
 * the token lacks it. Cookies play no part, so these calls have no cross-site request to forge.
 */
export const tokenAuthentication = (licences: LicencesService) => (scope: ApiScope) =>
  async function requireToken(request: FastifyRequest): Promise<void> {
    holders.set(request, await licences.authorise(request.headers.authorization, scope));
  };

/**
 * The door of calls open both to the signed-in user and to a token with `scope` (the webhook calls,
 * docs/decisions/0015). A request with an Authorization header is the token's alone, its cookie
 * ignored, so a bad token is refused (401) rather than passed over for a session.
 */
export const sessionOrTokenAuthentication = (licences: LicencesService) => (scope: ApiScope) => {
  const requireToken = tokenAuthentication(licences)(scope);
  return async function requireSessionOrToken(request: FastifyRequest): Promise<void> {
    if (request.headers.authorization !== undefined) return requireToken(request);
    return requireUser(request);
  };
};

/** Whom a `requireSessionOrToken` call acts as: the token's owner as a seller, or the signed-in user. */
export function callerOf(request: FastifyRequest): SessionUser {
  const holder = holders.get(request);
  return holder ? tokenActor(holder.userId) : actorOf(request);
}

/** The token's holder, once `requireToken` let the request through. */
export function holderOf(request: FastifyRequest): TokenHolder {
  const holder = holders.get(request);
  if (!holder) throw new Error('holderOf needs requireToken as the route preHandler');
  return holder;
}

/**
 * A rate-limit key per token however the header spells it (hashed: the limiter's keys hold no
 * secret), counted before the token is looked up; a request without one is counted per address.
 */
export const perToken =
  (scope: string) =>
  (request: FastifyRequest): string => {
    const token = bearerTokenOf(request.headers.authorization);
    return token ? `${scope}token:${hashToken(token)}` : `${scope}address:${request.ip}`;
  };
