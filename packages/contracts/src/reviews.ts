import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, plainText } from './common.js';

export const ONLY_BUYERS_MAY_REVIEW_MESSAGE = 'Only buyers of this product can review it.';
export const ONLY_HOLDERS_MAY_EDIT_REVIEW_MESSAGE = 'Only holders of an active licence of this product can edit their review.';
export const ALREADY_REVIEWED_MESSAGE = 'You have already reviewed this product: edit your review instead.';
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';
export const REVIEWS_PAGE_SIZE = 20;

export const ratingSchema = z
  .number({ error: 'Choose a rating from 1 to 5 stars' })
  .int('Choose a rating from 1 to 5 stars')
  .min(1, 'Choose a rating from 1 to 5 stars')
  .max(5, 'Choose a rating from 1 to 5 stars');

const reviewTextSchema = plainText(10, 2000, 'Write at least 10 characters about the product', 'A review is at most 2,000 characters');

/** POST /api/review/addReview */
export const addReviewBodySchema = z.strictObject({ productId: idSchema, rating: ratingSchema, text: reviewTextSchema });
export type AddReviewBody = z.input<typeof addReviewBodySchema>;

/** PUT /api/review/{id}: the author changes the rating, the text or both. */
export const updateReviewBodySchema = z
  .strictObject({ rating: ratingSchema.optional(), text: reviewTextSchema.optional() })
  .refine((body) => body.rating !== undefined || body.text !== undefined, 'Send the new rating or text');
export type UpdateReviewBody = z.input<typeof updateReviewBodySchema>;

/** PUT /api/review/{id}/reply: the product's owner answers, and may edit the answer. */
export const replyBodySchema = z.strictObject({ text: plainText(1, 2000, 'Write your reply', 'A reply is at most 2,000 characters') });

/** PUT /api/review/{id}/hide (Admin). */
export const hideReviewBodySchema = z.strictObject({
  reason: plainText(3, 500, 'Give a reason of at least 3 characters', 'A reason is at most 500 characters'),
});

export const reviewParamsSchema = z.strictObject({ id: idSchema });
export const productReviewsParamsSchema = z.strictObject({ productId: idSchema });
export const reviewPageQuerySchema = pageQuerySchema;

export const reviewSchema = z
  .object({
    _id: idSchema,
    productId: idSchema,
    rating: z.number().int(),
    /** Plain text: shown as text, never as HTML. */
    text: z.string(),
    /** The reviewer's display name only. */
    reviewer: z.object({ name: z.string() }),
    /** The reviewer holds an active licence of the product now: a refund or revocation takes the mark away. */
    verified: z.boolean(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    reply: z.object({ text: z.string(), repliedAt: isoDateTimeSchema }).nullable(),
    /** Hidden reviews reach only their author and admins. */
    hidden: z.boolean(),
    hiddenReason: z.string().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const reviewPageSchema = z
  .object({
    reviews: z.array(reviewSchema),
    /** Of the visible reviews, to one decimal; null when there are none. */
    average: z.number().nullable(),
    count: z.number().int(),
    page: z.number().int(),
    hasMore: z.boolean(),
    /** The signed-in viewer's own review (even hidden), or null. */
    yours: reviewSchema.nullable(),
    /** Whether the viewer may write a review now: an active licence and no review yet. */
    canReview: z.boolean(),
    /** Whether the viewer sells this product, and so may reply. */
    youSell: z.boolean(),
    /** Whether the viewer is an admin: hidden reviews are listed to them, marked, to be shown again. */
    moderates: z.boolean(),
  })
  .meta({ id: 'ReviewPage' });
export type ReviewPage = z.infer<typeof reviewPageSchema>;
