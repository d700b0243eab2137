import {
  acceptedStudioInvitationSchema,
  activeStudioBodySchema,
  API_PATHS,
  createdStudioInvitationSchema,
  createStudioBodySchema,
  errorBodySchema,
  idParamsSchema,
  inviteStudioMemberBodySchema,
  myStudiosSchema,
  studioAuditPageSchema,
  studioAuditQuerySchema,
  studioInvitationTokenParamsSchema,
  studioMembersSchema,
  studioSchema,
  updateStudioMemberBodySchema,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireStepUp, requireUser, sessionTokenOf } from '../auth/index.js';
import type { StudioActor, StudiosService } from './studios.service.js';

export interface StudioRoutesOptions {
  studios: StudiosService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The studio a request speaks for: the one it acts for, or the caller's own account. */
export function studioActorOf(request: FastifyRequest): StudioActor {
  const user = actorOf(request);
  const member = request.member;
  return member ? { studioId: user._id, userId: member.userId, role: member.role } : { studioId: user._id, userId: user._id, role: null };
}

/** The person signed in, whoever their session acts for. */
export function personOf(request: FastifyRequest): { id: string; name: string } {
  const user = actorOf(request);
  return request.member ? { id: request.member.userId, name: request.member.name } : { id: user._id, name: user.name };
}

export const studioRoutes: FastifyPluginAsyncZod<StudioRoutesOptions> = async (app, { studios }) => {
  const tags = ['studios'];

  app.post(
    API_PATHS.studio.create,
    {
      preHandler: requireUser,
      config: { studio: 'ownership', studioAudited: true },
      schema: {
        tags,
        summary: "Turns the signed-in seller's own account into a studio, with them as its owner",
        body: createStudioBodySchema,
        response: { 201: studioSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await studios.create(studioActorOf(request), request.body)),
  );

  app.get(
    API_PATHS.studio.members,
    {
      preHandler: requireUser,
      config: { studio: 'read' },
      schema: {
        tags,
        summary: "The studio's members and, for those who manage them, its pending invitations",
        response: { 200: studioMembersSchema, ...errors },
      },
    },
    async (request) => studios.members(studioActorOf(request)),
  );

  app.post(
    API_PATHS.studio.members,
    {
      preHandler: requireUser,
      config: { studio: 'members', studioAudited: true },
      schema: {
        tags,
        summary: 'Invites someone by email in a role; answers the invitation link (also mailed), valid 7 days',
        body: inviteStudioMemberBodySchema,
        response: { 201: createdStudioInvitationSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await studios.invite(studioActorOf(request), request.body)),
  );

  app.put(
    API_PATHS.studio.member,
    {
      preHandler: requireUser,
      config: { studio: 'members', studioAudited: true },
      schema: {
        tags,
        summary: "Changes a member's role (never the owner's)",
        params: idParamsSchema,
        body: updateStudioMemberBodySchema,
        response: { 200: studioMembersSchema, ...errors },
      },
    },
    async (request) => studios.changeRole(studioActorOf(request), request.params.id, request.body),
  );

  app.delete(
    API_PATHS.studio.member,
    {
      // Taking someone's access away: a fresh step-up first (docs/decisions/0016).
      preHandler: requireStepUp,
      config: { studio: 'members', studioAudited: true },
      schema: {
        tags,
        summary: 'Removes a member, whose sessions stop acting for the studio at once, or withdraws a pending invitation',
        params: idParamsSchema,
        response: { 200: studioMembersSchema, ...errors },
      },
    },
    async (request) => studios.remove(studioActorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.studio.accept,
    {
      preHandler: requireUser,
      config: { studio: 'self', studioAudited: true },
      schema: {
        tags,
        summary:
          "Joins the studio in the invitation's role; for the signed-in person whose email the invitation names (410 once expired or used)",
        params: studioInvitationTokenParamsSchema,
        response: { 200: acceptedStudioInvitationSchema, ...errors, 410: errorBodySchema },
      },
    },
    async (request) => studios.accept(personOf(request).id, request.params.token),
  );

  app.get(
    API_PATHS.studio.audit,
    {
      preHandler: requireUser,
      config: { studio: 'members' },
      schema: {
        tags,
        summary: "The studio's audit log, newest first, cursor-paged",
        querystring: studioAuditQuerySchema,
        response: { 200: studioAuditPageSchema, ...errors },
      },
    },
    async (request) => studios.audit(studioActorOf(request), request.query),
  );

  app.get(
    API_PATHS.studio.mine,
    {
      preHandler: requireUser,
      config: { studio: 'self' },
      schema: {
        tags,
        summary: 'The studios the signed-in person belongs to, and the one this session acts for',
        response: { 200: myStudiosSchema, 401: errorBodySchema },
      },
    },
    async (request) => studios.mine(personOf(request), request.member ? actorOf(request)._id : null),
  );

  app.put(
    API_PATHS.studio.active,
    {
      preHandler: requireUser,
      config: { studio: 'self' },
      schema: {
        tags,
        summary: 'Acts for one of the studios the person belongs to from the next request on; null acts as themselves',
        body: activeStudioBodySchema,
        response: { 200: myStudiosSchema, ...errors },
      },
    },
    async (request) => studios.setActive(personOf(request), sessionTokenOf(request), request.body.studioId),
  );
};
