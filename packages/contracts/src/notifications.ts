import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema } from './common.js';

/** What a notice is about: a new version of something bought, a decision on a seller's work, or a review and its reply. */
export const NOTIFICATION_KINDS = ['release', 'moderation', 'review', 'refund', 'payout', 'dispute', 'custom_work', 'webhook'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z
  .object({
    _id: idSchema,
    kind: notificationKindSchema,
    title: z.string(),
    /** Plain text. */
    body: z.string(),
    /** A path of the app, e.g. /userPanel/purchases. */
    link: z.string(),
    createdAt: isoDateTimeSchema,
    readAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** Notices per page of GET /api/notification/mine; the header's dropdown shows the first page's first 10. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationPageQuerySchema = pageQuerySchema;

export const notificationPageSchema = z
  .object({
    notifications: z.array(notificationSchema),
    /** Unread notices in all, not only on this page. */
    unread: z.number().int(),
    page: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** PUT /api/notification/markRead: some notices by id, or every one. */
export const markReadBodySchema = z.union([
  z.strictObject({ ids: z.array(idSchema).min(1, 'Name at least one notification').max(100, 'At most 100 notifications at once') }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** The server-sent event of GET /api/notification/stream: something changed, with the unread count now. */
export const NOTIFICATION_STREAM_EVENT = 'notification';
