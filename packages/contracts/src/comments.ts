import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { emailSchema } from './users.js';

export const COMMENT_MAX_LENGTH = 2000;
export const COMMENT_NAME_MAX_LENGTH = 80;
export const COMMENT_SENT_MESSAGE = 'Message send successfully';

/** POST /api/comment/addComment: plain text on an Approved product (markup is kept as text, never rendered). */
export const addCommentBodySchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(COMMENT_NAME_MAX_LENGTH, 'Name is too long'),
  email: emailSchema,
  comment: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(COMMENT_MAX_LENGTH, `A comment is at most ${COMMENT_MAX_LENGTH} characters`),
  productId: idSchema,
});
export type AddCommentBody = z.infer<typeof addCommentBodySchema>;

/** A comment as everybody reads it: never the author's email. */
export const publicCommentSchema = z
  .object({
    _id: idSchema,
    productId: idSchema,
    name: z.string(),
    comment: z.string(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'Comment' });
export type PublicComment = z.infer<typeof publicCommentSchema>;

/** A comment as an admin reads it: with the author's email and the product's title. */
export const adminCommentSchema = publicCommentSchema
  .extend({
    email: z.string(),
    productTitle: z.string(),
  })
  .meta({ id: 'AdminComment' });
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const addCommentResponseSchema = z.object({ message: z.string(), comment: publicCommentSchema });

/** GET /api/comment/allComments: an admin may leave productId out (every comment); anybody else must give it. */
export const allCommentsQuerySchema = z.strictObject({ productId: idSchema.optional() });

/** Admins get AdminComment rows, everybody else PublicComment rows; newest first. */
export const allCommentsResponseSchema = z.union([z.array(adminCommentSchema), z.array(publicCommentSchema)]);
