import { STUDIO_CAPABILITY_LABELS, STUDIO_ROLE_LABELS, type StudioCapability } from '@market/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../platform/errors.js';
import { can } from './policies.js';
import type { StudiosService } from './studios.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a member acting as a studio needs to call this route (docs/decisions/0018). A call that
     * declares none is refused to them: a new route is closed to members until someone decides.
     */
    studio?: StudioCapability;
    /** The route writes its own audit rows (the studios' calls), so the access hook does not. */
    studioAudited?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The refusal names the role, the studio and what the call is about, so the page can say it as it is. */
export const refusalFor = (role: keyof typeof STUDIO_ROLE_LABELS, studioName: string, capability: StudioCapability | undefined) =>
  capability
    ? `As ${STUDIO_ROLE_LABELS[role]} of ${studioName} you cannot use ${STUDIO_CAPABILITY_LABELS[capability]}; ask the studio's owner`
    : `This is not available while you act for ${studioName}; switch to yourself in the header to use it`;

/** A route's summary up to its first aside: "Edit a product (multipart; …)" reads "Edit a product". */
export const shortSummary = (summary: string) =>
  summary
    .split(/ \(|; |: /)[0]!
    .trim()
    .slice(0, 200);

/** The route's id-like parameter, as the audit's target. */
function targetOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params || typeof params !== 'object') return null;
  const value = params.id ?? Object.values(params).find((one) => typeof one === 'string');
  return typeof value === 'string' ? value.slice(0, 200) : null;
}

/**
 * The one place a member acting as a studio is let through or refused (docs/decisions/0018): each
 * route declares the capability it needs; every change that succeeded is written to the studio's
 * audit log with the member who made it. Runs after the authentication hook.
 */
export const studioAccess = fp<{ studios: StudiosService }>(async function studioAccess(app: FastifyInstance, { studios }) {
  app.addHook('onRequest', (request, _reply, done) => {
    const member = request.member;
    if (!member || !request.user) return done();
    // Pages of the SPA, files and unknown paths are not calls of the studio's.
    if (!request.url.startsWith('/api/') || request.routeOptions.url === undefined) return done();
    const capability = request.routeOptions.config.studio;
    if (!capability || !can(member.role, capability)) return done(forbidden(refusalFor(member.role, request.user.name, capability)));
    done();
  });

  // A callback hook: nearly every answer passes straight through, and an async hook's promise and
  // extra turn were a measurable part of a kept answer's cost (docs/decisions/0021).
  app.addHook('onSend', (request, reply, payload, done) => {
    const member = request.member;
    const user = request.user;
    if (!member || !user || !UNSAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    const config = request.routeOptions.config;
    if (!config.studio || config.studio === 'self' || config.studioAudited) return done(null, payload);
    const summary = request.routeOptions.schema?.summary;
    const action = summary ? shortSummary(summary) : `${request.method} ${request.routeOptions.url ?? request.url}`;
    studios.record(user._id, member.userId, action, targetOf(request)).then(
      () => done(null, payload),
      (error: unknown) => {
        // The change stands; a lost audit row is logged rather than turned into a failed answer.
        request.log.error({ err: error }, 'studio audit row not written');
        done(null, payload);
      },
    );
  });
});
