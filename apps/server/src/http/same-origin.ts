import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../platform/errors.js';

export const CROSS_SITE_REFUSED_MESSAGE = 'This request came from another site and was refused.';

/** Reading never changes anything, so only these methods are checked. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SameOriginOptions {
  /** PUBLIC_URL: the site's own origin. */
  publicUrl: string;
  /** ALLOWED_ORIGINS: separate front ends trusted to send unsafe requests with the user's cookie. */
  allowedOrigins: readonly string[];
  /** Paths that prove themselves another way (the signed payment webhook). */
  exemptPaths: readonly string[];
  /**
   * Path prefixes whose calls never read the cookie (the public API's Bearer tokens,
   * docs/decisions/0014): a forged request there carries nothing of the victim's.
   */
  exemptPrefixes?: readonly string[];
}

const originOf = (address: string): string | null => (URL.canParse(address) ? new URL(address).origin : null);

/**
 * Whether an unsafe request may go on, decided as Go's CrossOriginProtection does: an Origin that is
 * the site's own (a trusted origin, or the host the request was sent to) passes; otherwise the
 * browser's Sec-Fetch-Site decides (same-origin, or none for a typed address, passes); a foreign
 * Origin without it is refused; with neither, the Referer decides. A request with none of these
 * headers does not come from a browser (a script, the tests' API client) and cannot carry a
 * victim's cookie by a trick, so it passes.
 */
export function isSameOriginRequest(headers: IncomingHttpHeaders, trustedOrigins: ReadonlySet<string>): boolean {
  const own = (origin: string | null) =>
    origin !== null && (trustedOrigins.has(origin) || (URL.canParse(origin) && new URL(origin).host === headers.host));
  const origin = headers.origin;
  if (origin !== undefined && own(origin)) return true;
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  if (origin !== undefined) return false;
  const referer = headers.referer;
  if (referer !== undefined) return own(originOf(referer));
  return true;
}

/**
 * Same-site request forgery protection: a page on another origin, even another port of this host
 * (same-site, so the SameSite=Lax cookie goes along), cannot make a signed-in user's browser post,
 * put or delete here. Every unsafe request is checked, signed in or not, so sign-in and sign-up
 * cannot be forged either; refused before the session is looked up or the body is read.
 */
export const sameOrigin = fp<SameOriginOptions>(async function sameOrigin(
  app: FastifyInstance,
  { publicUrl, allowedOrigins, exemptPaths, exemptPrefixes = [] },
) {
  const trusted = new Set([new URL(publicUrl).origin, ...allowedOrigins]);
  const exempt = new Set(exemptPaths);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    const path = request.url.split('?')[0]!;
    if (exempt.has(path) || exemptPrefixes.some((prefix) => path.startsWith(prefix))) return done();
    done(isSameOriginRequest(request.headers, trusted) ? undefined : forbidden(CROSS_SITE_REFUSED_MESSAGE));
  });
});
