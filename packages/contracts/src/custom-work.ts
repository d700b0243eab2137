import { z } from 'zod';
import { idSchema, isoDateTimeSchema, plainText, visibleLine } from './common.js';
import { ratingSchema } from './reviews.js';
import { CUSTOM_WORK_STATUSES, RESOLUTION_OUTCOMES } from './rules/custom-work.js';

/** Custom work as an escrowed order (docs/decisions/0013): the calls' bodies and answers. */

export const MAX_CUSTOM_WORK_MILESTONES = 10;
/** The most a quote may ask: $100,000. */
export const MAX_CUSTOM_WORK_CENTS = 10_000_000;
/** The least a quote or a milestone may ask: $1. */
export const MIN_CUSTOM_WORK_CENTS = 100;
export const MAX_SCOPE_HTML_LENGTH = 20_000;

export const customWorkStatusSchema = z.enum(CUSTOM_WORK_STATUSES);

const cents = (what: string) =>
  z
    .number({ error: `${what} is in whole cents` })
    .int(`${what} is in whole cents`)
    .min(MIN_CUSTOM_WORK_CENTS, `${what} is at least $1.00`)
    .max(MAX_CUSTOM_WORK_CENTS, `${what} is at most $100,000.00`);

export const customWorkMilestoneInputSchema = z.strictObject({
  title: visibleLine('Name the milestone', 120, 'A milestone name is at most 120 characters'),
  amountCents: cents('A milestone'),
});

/** POST /api/custom-work: a quote, by the product's seller or an admin, to a buyer who asked for a reskin of it. */
export const customWorkQuoteBodySchema = z
  .strictObject({
    buyerId: idSchema,
    productId: idSchema,
    scopeHtml: z
      .string({ error: 'Describe the work' })
      .trim()
      .min(1, 'Describe the work')
      .max(MAX_SCOPE_HTML_LENGTH, `The description is at most ${MAX_SCOPE_HTML_LENGTH.toLocaleString('en-US')} characters`),
    priceCents: cents('The price'),
    dueAt: isoDateTimeSchema,
    milestones: z.array(customWorkMilestoneInputSchema).max(MAX_CUSTOM_WORK_MILESTONES, 'At most 10 milestones').optional(),
  })
  .superRefine((body, context) => {
    if (body.milestones?.length) {
      const sum = body.milestones.reduce((total, milestone) => total + milestone.amountCents, 0);
      if (sum !== body.priceCents) {
        context.addIssue({ code: 'custom', path: ['milestones'], message: 'The milestones must add up to the price' });
      }
    }
  });
export type CustomWorkQuoteBody = z.input<typeof customWorkQuoteBodySchema>;

export const customWorkNoteBodySchema = z.strictObject({
  note: plainText(1, 5000, 'Say what should change', 'A note is at most 5,000 characters'),
});
export type CustomWorkNoteBody = z.infer<typeof customWorkNoteBodySchema>;

/** The delivery's text field (multipart, beside the archive `file`). */
export const customWorkDeliveryFieldsSchema = z.strictObject({
  note: plainText(0, 5000, 'Add a note', 'A note is at most 5,000 characters').default(''),
});

export const customWorkDisputeBodySchema = z.strictObject({
  reason: plainText(10, 5000, 'Say what went wrong in at least 10 characters', 'A reason is at most 5,000 characters'),
});
export type CustomWorkDisputeBody = z.infer<typeof customWorkDisputeBodySchema>;

/** A dispute's evidence: as many messages as the sides need, each with one file at most (the chat's kinds and limit). */
export const MAX_CUSTOM_WORK_EVIDENCE = 50;
export const customWorkEvidenceFieldsSchema = z.strictObject({
  message: plainText(1, 5000, 'Say what the evidence shows', 'A message is at most 5,000 characters'),
});
export type CustomWorkEvidenceFields = z.infer<typeof customWorkEvidenceFieldsSchema>;

export const customWorkEvidenceSchema = z.object({
  _id: idSchema,
  by: z.enum(['buyer', 'seller', 'admin']),
  author: z.string(),
  message: z.string(),
  /** The attached file, downloaded from its own path; null for a message alone. */
  file: z.object({ name: z.string(), sizeBytes: z.number().int(), contentType: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
});
export type CustomWorkEvidence = z.infer<typeof customWorkEvidenceSchema>;

/** PUT /api/custom-work/{id}/review: the buyer's rating and words, once the seller has been paid. */
export const customWorkReviewBodySchema = z.strictObject({
  rating: ratingSchema,
  text: plainText(10, 2000, 'Write at least 10 characters about the work', 'A review is at most 2,000 characters'),
});
export type CustomWorkReviewBody = z.input<typeof customWorkReviewBodySchema>;

export const customWorkReviewSchema = z.object({
  rating: z.number().int(),
  text: z.string(),
  reviewer: z.object({ name: z.string() }),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CustomWorkReview = z.infer<typeof customWorkReviewSchema>;

/** GET /api/custom-work/reviews?productId=: what buyers said of custom work on one product, newest first. */
export const customWorkReviewsQuerySchema = z.strictObject({ productId: idSchema });
export const customWorkReviewListSchema = z
  .object({
    /** To one decimal; null when there are none. */
    average: z.number().nullable(),
    count: z.number().int(),
    /** The newest 20. */
    reviews: z.array(customWorkReviewSchema),
  })
  .meta({ id: 'CustomWorkReviews' });
export type CustomWorkReviewList = z.infer<typeof customWorkReviewListSchema>;
export const CUSTOM_WORK_REVIEWS_LISTED = 20;

export const customWorkCancelBodySchema = z.strictObject({
  reason: plainText(0, 1000, 'Say why', 'A reason is at most 1,000 characters').optional(),
});

export const customWorkResolveBodySchema = z
  .strictObject({
    outcome: z.enum(RESOLUTION_OUTCOMES, { error: 'Choose release, refund or split' }),
    sellerPercent: z
      .number({ error: 'The seller’s share is a whole percent' })
      .int('The seller’s share is a whole percent')
      .min(1, 'A split gives the seller from 1 to 99 percent')
      .max(99, 'A split gives the seller from 1 to 99 percent')
      .optional(),
    // Money moves for good on this decision: both sides read why (docs/decisions/0013).
    note: plainText(1, 5000, 'Explain the decision to both sides', 'A note is at most 5,000 characters'),
  })
  .superRefine((body, context) => {
    if (body.outcome === 'split' && body.sellerPercent === undefined) {
      context.addIssue({ code: 'custom', path: ['sellerPercent'], message: 'Give the seller’s share of a split' });
    }
  });
export type CustomWorkResolveBody = z.input<typeof customWorkResolveBodySchema>;

export const customWorkListQuerySchema = z.strictObject({
  status: customWorkStatusSchema.optional(),
});

const party = z.object({ _id: idSchema, name: z.string() });

/** A file-level comparison of a delivery with the product's current release, by each file's checksum. */
export const deliveryDiffSchema = z.object({
  /** The release compared with; null when the product has no analysed release. */
  releaseVersion: z.string().nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  unchanged: z.number().int(),
  /** Lists are cut at this many paths each; the counts are whole. */
  counts: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
});
export type DeliveryDiff = z.infer<typeof deliveryDiffSchema>;

export const customWorkDeliverySchema = z.object({
  _id: idSchema,
  milestone: z.number().int(),
  note: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  createdAt: isoDateTimeSchema,
  /** The analysis, as "What's inside" shows a release's; null when the archive was refused or is not analysed yet. */
  analysis: z
    .object({
      /** Each engine or SDK found, with the version a file states ("Unity 2022.3.21f1"). */
      engines: z.array(z.object({ engine: z.string(), version: z.string().nullable() })),
      languages: z.array(z.object({ name: z.string(), percent: z.number() })),
      files: z.number().int(),
      totalBytes: z.number().int(),
      /** Secrets and other things the seller should not have shipped, as "path: what". */
      warnings: z.array(z.string()),
    })
    .nullable(),
  diff: deliveryDiffSchema.nullable(),
  /** Why the archive could not be read, when it could not. */
  refused: z.string().nullable(),
});
export type CustomWorkDelivery = z.infer<typeof customWorkDeliverySchema>;

export const customWorkEventSchema = z.object({
  at: isoDateTimeSchema,
  by: z.enum(['buyer', 'seller', 'admin', 'clock']),
  what: z.string(),
  note: z.string().nullable(),
});

export const customWorkSchema = z
  .object({
    _id: idSchema,
    status: customWorkStatusSchema,
    product: z.object({ _id: idSchema, title: z.string(), slug: z.string() }),
    buyer: party,
    seller: party,
    scopeHtml: z.string(),
    priceCents: z.number().int(),
    dueAt: isoDateTimeSchema,
    createdAt: isoDateTimeSchema,
    milestones: z.array(
      z.object({
        title: z.string(),
        amountCents: z.number().int(),
        status: z.enum(['waiting', 'funded', 'released', 'refunded', 'split', 'cancelled']),
      }),
    ),
    current: z.number().int(),
    revisionsUsed: z.number().int(),
    revisionsAllowed: z.number().int(),
    autoReleaseAt: isoDateTimeSchema.nullable(),
    /** Read from the ledger: what the order's escrow account holds now. */
    escrowCents: z.number().int(),
    deliveries: z.array(customWorkDeliverySchema),
    dispute: z.object({ reason: z.string(), openedBy: z.enum(['buyer', 'seller']), openedAt: isoDateTimeSchema }).nullable(),
    resolution: z
      .object({ outcome: z.enum(RESOLUTION_OUTCOMES), sellerCents: z.number().int(), buyerCents: z.number().int(), note: z.string() })
      .nullable(),
    events: z.array(customWorkEventSchema),
    /** A dispute's messages and files from either side and the admins, oldest first. */
    evidence: z.array(customWorkEvidenceSchema),
    /** The buyer's review, once written. */
    review: customWorkReviewSchema.nullable(),
    /** The viewer is the buyer and the seller has been paid: they may write or change the review. */
    mayReview: z.boolean(),
    /** The viewer may add evidence: the order is disputed. */
    mayAddEvidence: z.boolean(),
    /** The viewer's side, and what they may do now. */
    role: z.enum(['buyer', 'seller', 'admin']),
    actions: z.array(z.string()),
  })
  .meta({ id: 'CustomWork' });
export type CustomWork = z.infer<typeof customWorkSchema>;

export const customWorkListSchema = z.array(
  customWorkSchema.omit({
    deliveries: true,
    events: true,
    scopeHtml: true,
    evidence: true,
    review: true,
    mayReview: true,
    mayAddEvidence: true,
  }),
);
export type CustomWorkSummary = z.infer<typeof customWorkListSchema>[number];

/** GET /api/custom-work/requests: the reskin requests on the seller's products (every product's for an admin), where a quote may go. */
export const reskinRequestSchema = z.object({
  buyer: party,
  product: z.object({ _id: idSchema, title: z.string() }),
  askedAt: isoDateTimeSchema,
});
export const reskinRequestListSchema = z.array(reskinRequestSchema);
export type ReskinRequest = z.infer<typeof reskinRequestSchema>;
