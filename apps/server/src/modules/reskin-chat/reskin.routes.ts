import {
  API_PATHS,
  idParamsSchema,
  RESKIN_STREAM_EVENT,
  reskinConversationKeySchema,
  reskinConversationListSchema,
  reskinConversationSchema,
  reskinErrorSchema,
  reskinMarkedReadSchema,
  reskinMessageSchema,
  reskinMessagesQuerySchema,
  reskinThreadSchema,
  type ReskinEvent,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../http/rate-limit-store.js';
import { eventStreams } from '../../http/event-stream.js';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import { readChatSendRequest } from './attachment.js';
import type { ReskinChatService } from './reskin.service.js';
import { sendPrivateFile } from '../../http/private-file.js';

export interface ReskinRoutesOptions {
  chat: ReskinChatService;
  /** Messages per minute and signed-in user (a visitor, refused anyway, counts by address). */
  rateLimitPerMinute: number;
  /** Counts the event streams open on this instance (metrics), when metrics are on. */
  openStreams?: { inc(): void; dec(): void };
  /** Comment lines keep idle proxies from closing an event stream. */
  heartbeatMs?: number;
}

const errors = { 400: reskinErrorSchema, 401: reskinErrorSchema, 403: reskinErrorSchema, 404: reskinErrorSchema };

/**
 * The reskin chat calls of docs/product-spec.md §7 and ours (a user's own conversations, one thread, attachments,
 * the live stream). Registered on its own, so its routes alone answer failures as `{ errorMessage }`.
 */
/** A stream's event; the id when the event stands for a stored row (docs/decisions/0006). */
const streamEvent = (data: ReskinEvent, id: string | undefined) => ({ event: RESKIN_STREAM_EVENT, data, ...(id ? { id } : {}) });

export const reskinRoutes: FastifyPluginAsyncZod<ReskinRoutesOptions> = async (
  app,
  { chat, rateLimitPerMinute, openStreams, heartbeatMs = 25_000 },
) => {
  const tags = ['reskin chat'];

  // The one error handler answers these calls' failures as `{ errorMessage }`.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errorBody: 'errorMessage' };
  });

  app.post(
    API_PATHS.reskin.send,
    {
      preHandler: requireUser,
      config: {
        studio: 'support',
        rateLimit: {
          max: rateLimitPerMinute,
          timeWindow: 60_000,
          keyGenerator: perAccount(),
        },
      },
      schema: {
        tags,
        summary:
          'Send a chat message: JSON from the product page (the opening "Yes" starts the conversation; users only) or multipart with an optional fileUpload (image, PDF or ZIP). messageBy comes from the session; userId names the conversation only when an admin answers. Refused for a user once the chat is Close; 429 past CHAT_RATE_LIMIT_PER_MINUTE messages per minute and user',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: reskinMessageSchema, ...errors, 413: reskinErrorSchema, 429: reskinErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await chat.send(actorOf(request), await readChatSendRequest(request))),
  );

  app.get(
    API_PATHS.reskin.allConversations,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Every reskin chat with its user, product, status, last message and unread user messages (admins)',
        response: { 200: reskinConversationListSchema, ...errors },
      },
    },
    async (request) => chat.allConversations(actorOf(request)),
  );

  app.get(
    API_PATHS.reskin.myConversations,
    {
      config: { studio: 'support' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's reskin chats with unread admin messages",
        response: { 200: reskinConversationListSchema, ...errors },
      },
    },
    async (request) => chat.myConversations(actorOf(request)),
  );

  app.get(
    API_PATHS.reskin.messages,
    {
      config: { studio: 'support' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "One chat and its messages, oldest first: a user's own (userId optional), any for an admin (userId required)",
        querystring: reskinMessagesQuerySchema,
        response: { 200: reskinThreadSchema, ...errors },
      },
    },
    async (request) => chat.thread(actorOf(request), request.query),
  );

  app.put(
    API_PATHS.reskin.markAdminMessagesAsRead,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The chat's user opened it: the admin's messages become read",
        body: reskinConversationKeySchema,
        response: { 200: reskinMarkedReadSchema, ...errors },
      },
    },
    async (request) => ({ updated: await chat.markRead(actorOf(request), request.body, 'Admin') }),
  );

  app.put(
    API_PATHS.reskin.markUserMessagesAsRead,
    {
      config: { studio: 'support' },
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "An admin opened the chat: the user's messages become read",
        body: reskinConversationKeySchema,
        response: { 200: reskinMarkedReadSchema, ...errors },
      },
    },
    async (request) => ({ updated: await chat.markRead(actorOf(request), request.body, 'User') }),
  );

  app.put(
    API_PATHS.reskin.updateStatus,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Toggle a chat between Open and Close (admins); a closed chat refuses new user messages',
        body: reskinConversationKeySchema,
        response: { 200: reskinConversationSchema, ...errors },
      },
    },
    async (request) => chat.toggleStatus(actorOf(request), request.body),
  );

  app.get(
    API_PATHS.reskin.attachment,
    {
      config: { studio: 'support' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A message's attachment, for the chat's user and the admins only",
        produces: ['application/octet-stream'],
        params: idParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await chat.attachment(actorOf(request), request.params.id);
      return sendPrivateFile(reply, file);
    },
  );

  const serveStream = eventStreams(app, { openStreams, heartbeatMs });

  app.get(
    API_PATHS.reskin.stream,
    {
      config: { studio: 'support' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: `Server-sent events ("${RESKIN_STREAM_EVENT}": kind message, read or status, with userId and productId) of the chats the signed-in user may see, from every instance; message events carry an id, and Last-Event-ID gets the messages stored after it first`,
        produces: ['text/event-stream'],
        response: { 401: reskinErrorSchema },
      },
    },
    async (request, reply) => {
      const user = actorOf(request);
      await serveStream(request, reply, {
        follow: (deliver, missedSome) => chat.follow(user, (event, cursor) => deliver(streamEvent(event, cursor)), missedSome),
        missedAfter: async (lastId, rereading) =>
          (await chat.missedAfter(user, lastId, rereading)).map(({ event, cursor }) => streamEvent(event, cursor)),
      });
    },
  );
};
