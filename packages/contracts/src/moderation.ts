import { z } from 'zod';
import { idSchema, isoDateTimeSchema, plainText } from './common.js';

/** Why an admin turned a product or a seller's change down, in the order the form offers them. */
export const MODERATION_REASONS = [
  'Incomplete or broken source',
  'Misleading description or media',
  'Copyright or licence problem',
  'Duplicate of another listing',
  'Quality below the marketplace standard',
  'Other',
] as const;
export const moderationReasonSchema = z.enum(MODERATION_REASONS, { error: `Choose a reason: ${MODERATION_REASONS.join(', ')}` });
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

/** The reason of a rejection sent without one, as a client written to docs/product-spec.md does. */
export const DEFAULT_REJECT_REASON: ModerationReason = 'Other';
export const MODERATION_NOTE_MAX = 1000;

const noteSchema = plainText(
  0,
  MODERATION_NOTE_MAX,
  'The note must be text',
  'The note is at most 1,000 characters',
  'Use visible characters only in the note',
);

/** PUT reject-product, request-changes and pending-changes/{changeId}/reject: a reason and a note to the seller. */
export const moderationDecisionBodySchema = z
  .strictObject({ reason: moderationReasonSchema, note: noteSchema.default('') })
  .meta({ id: 'ModerationDecisionBody' });
export type ModerationDecisionBody = z.input<typeof moderationDecisionBodySchema>;
/** A decision body once the route schema has read it (the note defaulted). */
export type CheckedModerationDecisionBody = z.output<typeof moderationDecisionBodySchema>;

/**
 * PUT approved-product: the release whose archive checks the admin was shown. A product under review
 * carries its newest archive, and approving it publishes exactly that one: if another arrived since, 409.
 * Optional, so a client written to docs/product-spec.md (no body) approves the archive under review.
 */
export const productApprovalBodySchema = z.strictObject({ releaseId: idSchema.optional() }).meta({ id: 'ProductApprovalBody' });
export type ProductApprovalBody = z.input<typeof productApprovalBodySchema>;
export const ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE =
  'The seller sent a new version since this page was loaded: check its archive before approving';

/** What an admin decided: on the product itself, or on a seller's change to an approved one. */
export const MODERATION_ACTIONS = ['Approved', 'Rejected', 'ChangesRequested', 'ChangeApproved', 'ChangeRejected'] as const;
export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** The words the screens use for each decision. */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  Approved: 'Approved',
  Rejected: 'Rejected',
  ChangesRequested: 'Changes requested',
  ChangeApproved: 'Changes approved',
  ChangeRejected: 'Changes rejected',
};

export const moderationDecisionSchema = z
  .object({
    action: moderationActionSchema,
    /** Null for an approval. */
    reason: moderationReasonSchema.nullable(),
    note: z.string(),
    decidedAt: isoDateTimeSchema,
  })
  .meta({ id: 'ModerationDecision' });
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** Shown to the product's owner and admins only: the last decision and whether a change waits. */
export const moderationStateSchema = z
  .object({
    lastDecision: moderationDecisionSchema.nullable(),
    /** When the seller's change to the approved listing was sent; null when none waits. */
    pendingChangeAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ModerationState' });
export type ModerationState = z.infer<typeof moderationStateSchema>;

/** One line of a product's audit list: who decided what, when and why. */
export const moderationLogEntrySchema = moderationDecisionSchema
  .extend({ _id: idSchema, by: z.object({ _id: idSchema, name: z.string() }) })
  .meta({ id: 'ModerationLogEntry' });
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export const moderationLogSchema = z.array(moderationLogEntrySchema);

/** A field of a pending change, as the live listing has it and as the seller would have it. */
export const changedFieldSchema = z.object({ field: z.string(), label: z.string(), old: z.string(), new: z.string() });
export type ChangedField = z.infer<typeof changedFieldSchema>;
/** Replaced images: the live listing's URLs and the change's. */
export const changedImagesSchema = z.object({ field: z.string(), label: z.string(), old: z.array(z.string()), new: z.array(z.string()) });
export type ChangedImages = z.infer<typeof changedImagesSchema>;

/** GET pending-changes: a seller's edit of an approved product, waiting for an admin. */
export const pendingChangeSchema = z
  .object({
    _id: idSchema,
    productId: idSchema,
    /** The live English title. */
    title: z.string(),
    seller: z.object({ _id: idSchema, name: z.string() }),
    submittedAt: isoDateTimeSchema,
    /** The listing changed after the seller sent this (an admin's edit or decision): it can only be rejected. */
    stale: z.boolean(),
    fields: z.array(changedFieldSchema),
    images: z.array(changedImagesSchema),
  })
  .meta({ id: 'PendingChange' });
export type PendingChange = z.infer<typeof pendingChangeSchema>;
export const pendingChangeListSchema = z.array(pendingChangeSchema);

export const changeIdParamsSchema = z.strictObject({ changeId: idSchema });

export const PENDING_CHANGE_NOT_FOUND_MESSAGE = 'This change was already approved, rejected or replaced';
export const STALE_CHANGE_MESSAGE =
  'The listing changed after the seller sent this edit, so approving it could undo that: reject it and let the seller edit again';
export const CHANGE_SENT_FOR_REVIEW_MESSAGE =
  'Your changes were sent for review. The live listing stays as it is until an admin approves them.';
