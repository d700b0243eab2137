import {
  API_PATHS,
  errorBodySchema,
  markReadBodySchema,
  NOTIFICATION_STREAM_EVENT,
  notificationPageQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventStreams } from '../../http/event-stream.js';
import { actorOf, requireUser } from '../auth/index.js';
import type { NotificationsChanged, NotificationsService } from './notifications.service.js';

export interface NotificationRoutesOptions {
  notifications: NotificationsService;
  /** Comment lines keep idle proxies from closing an event stream. */
  heartbeatMs?: number;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** A stream's event; the id when the event stands for a stored row (docs/decisions/0006). */
const streamEvent = (data: NotificationsChanged, id: string | undefined) => ({
  event: NOTIFICATION_STREAM_EVENT,
  data,
  ...(id ? { id } : {}),
});

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { notifications, heartbeatMs = 25_000 },
) => {
  const tags = ['notifications'];
  const serveStream = eventStreams(app, { heartbeatMs });

  app.get(
    API_PATHS.notification.mine,
    {
      config: { studio: 'self' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, 20 a page, with the unread count",
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => notifications.mine(actorOf(request), request.query.page),
  );

  app.put(
    API_PATHS.notification.markRead,
    {
      config: { studio: 'self' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Mark own notifications read: { ids } or { all: true }; answers the unread count',
        body: markReadBodySchema,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({ unread: await notifications.markRead(actorOf(request), request.body) }),
  );

  app.get(
    API_PATHS.notification.stream,
    {
      config: { studio: 'self' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: `Server-sent events ("${NOTIFICATION_STREAM_EVENT}", with the unread count) whenever the signed-in user's notifications change, from every instance; the id is the newest notice, and Last-Event-ID gets the count first when newer ones were stored`,
        produces: ['text/event-stream'],
        response: { 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = actorOf(request);
      await serveStream(request, reply, {
        follow: (deliver, missedSome) => notifications.follow(user, (event, cursor) => deliver(streamEvent(event, cursor)), missedSome),
        missedAfter: async (lastId, rereading) =>
          (await notifications.missedAfter(user, lastId, rereading)).map(({ event, cursor }) => streamEvent(event, cursor)),
      });
    },
  );
};
