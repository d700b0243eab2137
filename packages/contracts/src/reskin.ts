import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';

/** Reskin chat (docs/product-spec.md §2.11, 3, 4, 7): one conversation per user and product, answered by the admins. */
export const RESKIN_STATUSES = ['Open', 'Close'] as const;
export const reskinStatusSchema = z.enum(RESKIN_STATUSES);
export type ReskinStatus = z.infer<typeof reskinStatusSchema>;

export const reskinAuthorSchema = z.enum(['User', 'Admin']);
export type ReskinAuthor = z.infer<typeof reskinAuthorSchema>;

/** The consent sent from the product page ('Yes'); it opens the conversation and is hidden in the chat view. */
export const RESKIN_OPENING_MESSAGE = 'Yes';
export const isOpeningMessage = (message: { message: string; messageBy: ReskinAuthor }) =>
  message.messageBy === 'User' && message.message === RESKIN_OPENING_MESSAGE;

export const RESKIN_MESSAGE_MAX_LENGTH = 5000;
/** Largest chat attachment (an image, a PDF or a ZIP). */
export const RESKIN_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers; the server decides by the file's first bytes, not by this list. */
export const RESKIN_FILE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf,application/zip,.zip';

/** Every reskin call answers errors as `{ errorMessage }` (docs/product-spec.md §7). */
export const reskinErrorSchema = z.object({ errorMessage: z.string() });
export type ReskinError = z.infer<typeof reskinErrorSchema>;

/**
 * POST /api/reskin/reskinFeatureUser, as JSON or multipart (plus an optional `fileUpload`).
 * `messageBy` comes from the session, never from here; `userId` only tells an admin's answer
 * which user's conversation it belongs to.
 */
export const reskinSendSchema = z.strictObject({
  productId: idSchema,
  userId: idSchema.optional().or(z.literal('').transform(() => undefined)),
  message: z.string().trim().max(RESKIN_MESSAGE_MAX_LENGTH, `A message has at most ${RESKIN_MESSAGE_MAX_LENGTH} characters`).default(''),
  messageBy: z.string().optional(),
});
export type ReskinSend = z.input<typeof reskinSendSchema>;

/** One conversation, named by its user and product (docs/product-spec.md §7's mark-read and status calls). */
export const reskinConversationKeySchema = z.strictObject({ userId: idSchema, productId: idSchema });
export type ReskinConversationKey = z.infer<typeof reskinConversationKeySchema>;

/** GET /api/reskin/messages: a user reads their own (userId may be left out), an admin names the user. */
export const reskinMessagesQuerySchema = z.strictObject({ productId: idSchema, userId: idSchema.optional() });

export const reskinMessageSchema = z
  .object({
    _id: idSchema,
    userId: idSchema,
    productId: idSchema,
    /** Plain text; markup in it is text, never HTML. */
    message: z.string(),
    messageBy: reskinAuthorSchema,
    /** Access-checked download address of the attachment, or null. */
    fileUpload: z.string().nullable(),
    fileName: z.string().nullable(),
    isRead: z.boolean(),
    status: reskinStatusSchema,
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'ReskinMessage' });
export type ReskinMessage = z.infer<typeof reskinMessageSchema>;

export const reskinConversationSchema = z
  .object({
    _id: idSchema,
    userId: idSchema,
    productId: idSchema,
    user: z.object({ _id: idSchema, name: z.string(), email: z.string() }),
    product: z.object({ _id: idSchema, title: z.string(), thumbnail: z.string().nullable() }),
    status: reskinStatusSchema,
    /** Messages of the other side (the user's for an admin, the admin's for a user) not read yet; the opening 'Yes' not counted. */
    unreadCount: z.number().int().nonnegative(),
    lastMessage: z
      .object({ message: z.string(), messageBy: reskinAuthorSchema, hasFile: z.boolean(), createdAt: isoDateTimeSchema })
      .nullable(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'ReskinConversation' });
export type ReskinConversation = z.infer<typeof reskinConversationSchema>;
export const reskinConversationListSchema = z.array(reskinConversationSchema);

export const reskinThreadSchema = z.object({ conversation: reskinConversationSchema, messages: z.array(reskinMessageSchema) });
export type ReskinThread = z.infer<typeof reskinThreadSchema>;

export const reskinMarkedReadSchema = z.object({ updated: z.number().int().nonnegative() });

/**
 * What GET /api/reskin/stream sends (server-sent events, event name `reskin`): something changed in
 * one conversation; the client refetches what it shows of it.
 */
export const reskinEventSchema = z.object({
  kind: z.enum(['message', 'read', 'status']),
  userId: idSchema,
  productId: idSchema,
});
export type ReskinEvent = z.infer<typeof reskinEventSchema>;
export const RESKIN_STREAM_EVENT = 'reskin';
