import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { emailSchema } from './users.js';

/**
 * Studios (docs/decisions/0018): a seller's account turned into a studio, with members in roles.
 * The studio's id is its account's user id.
 */
export const STUDIO_ROLES = ['owner', 'admin', 'developer', 'support', 'viewer'] as const;
export const studioRoleSchema = z.enum(STUDIO_ROLES);
export type StudioRole = z.infer<typeof studioRoleSchema>;
/** Roles a member may be given: the owner is the account's holder and stays one. */
export const INVITABLE_STUDIO_ROLES = ['admin', 'developer', 'support', 'viewer'] as const;
export const invitableStudioRoleSchema = z.enum(INVITABLE_STUDIO_ROLES, 'Choose a role');
export type InvitableStudioRole = z.infer<typeof invitableStudioRoleSchema>;

export const STUDIO_ROLE_LABELS: Record<StudioRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  support: 'Support',
  viewer: 'Viewer',
};

/**
 * What a route asks of a member acting as a studio (`config: { studio }` on the route).
 * `self` is open to every member (the session, notifications, public reads); `read` is the
 * studio's non-money reads.
 */
export const STUDIO_CAPABILITIES = [
  'self',
  'read',
  'products',
  'support',
  'marketing',
  'money-read',
  'integrations',
  'members',
  'payouts',
  'ownership',
] as const;
export type StudioCapability = (typeof STUDIO_CAPABILITIES)[number];

/** What each capability means, for the refusal's text and the studio page. */
export const STUDIO_CAPABILITY_LABELS: Record<StudioCapability, string> = {
  self: 'your own session',
  read: "the studio's products, reviews and licences",
  products: 'products, releases and replies to reviews',
  support: 'licences, refund requests and chat',
  marketing: 'discount codes, sales and bundles',
  'money-read': 'sales, earnings, the statement and analytics',
  integrations: 'API tokens and webhooks',
  members: 'members, invitations and the audit log',
  payouts: 'withdrawals and payout details',
  ownership: 'the studio itself and its ownership',
};

/** The roles' powers (docs/decisions/0018): one line each, the server's policies and the page's hints alike. */
export const STUDIO_ROLE_CAPABILITIES: Record<StudioRole, readonly StudioCapability[]> = {
  owner: STUDIO_CAPABILITIES,
  admin: ['self', 'read', 'products', 'support', 'marketing', 'money-read', 'integrations', 'members'],
  developer: ['self', 'read', 'products'],
  support: ['self', 'read', 'support'],
  viewer: ['self', 'read'],
};

export const studioRoleCan = (role: StudioRole, capability: StudioCapability): boolean =>
  STUDIO_ROLE_CAPABILITIES[role].includes(capability);

/** How long an invitation link works. */
export const STUDIO_INVITATION_DAYS = 7;

export const createStudioBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(80, 'A name has at most 80 characters').optional(),
});
export type CreateStudioBody = z.infer<typeof createStudioBodySchema>;

export const studioSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'Studio' });
export type Studio = z.infer<typeof studioSchema>;

export const studioMemberSchema = z
  .object({
    userId: idSchema,
    name: z.string(),
    email: z.string(),
    role: studioRoleSchema,
    addedAt: isoDateTimeSchema,
  })
  .meta({ id: 'StudioMember' });
export type StudioMember = z.infer<typeof studioMemberSchema>;

export const studioInvitationSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    role: studioRoleSchema,
    invitedBy: z.string(),
    expiresAt: isoDateTimeSchema,
  })
  .meta({ id: 'StudioInvitation' });
export type StudioInvitation = z.infer<typeof studioInvitationSchema>;

export const studioMembersSchema = z
  .object({
    studio: studioSchema,
    /** The caller's role in it. */
    role: studioRoleSchema,
    members: z.array(studioMemberSchema),
    invitations: z.array(studioInvitationSchema),
  })
  .meta({ id: 'StudioMembers' });
export type StudioMembers = z.infer<typeof studioMembersSchema>;

export const inviteStudioMemberBodySchema = z.strictObject({
  email: emailSchema,
  role: invitableStudioRoleSchema,
});
export type InviteStudioMemberBody = z.infer<typeof inviteStudioMemberBodySchema>;

/** The invitation, with its link: shown to the inviter to copy, and mailed. */
export const createdStudioInvitationSchema = studioInvitationSchema.extend({ link: z.string() }).meta({ id: 'CreatedStudioInvitation' });
export type CreatedStudioInvitation = z.infer<typeof createdStudioInvitationSchema>;

export const updateStudioMemberBodySchema = z.strictObject({ role: invitableStudioRoleSchema });
export type UpdateStudioMemberBody = z.infer<typeof updateStudioMemberBodySchema>;

export const studioInvitationTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid invitation'),
});

export const acceptedStudioInvitationSchema = z
  .object({ studio: studioSchema, role: studioRoleSchema })
  .meta({ id: 'AcceptedStudioInvitation' });
export type AcceptedStudioInvitation = z.infer<typeof acceptedStudioInvitationSchema>;

export const studioAuditQuerySchema = z.strictObject({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StudioAuditQuery = z.infer<typeof studioAuditQuerySchema>;

export const studioAuditEntrySchema = z
  .object({
    id: idSchema,
    memberUserId: idSchema,
    memberName: z.string(),
    action: z.string(),
    target: z.string().nullable(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'StudioAuditEntry' });
export type StudioAuditEntry = z.infer<typeof studioAuditEntrySchema>;

export const studioAuditPageSchema = z
  .object({ entries: z.array(studioAuditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'StudioAuditPage' });
export type StudioAuditPage = z.infer<typeof studioAuditPageSchema>;

export const activeStudioBodySchema = z.strictObject({ studioId: idSchema.nullable() });
export type ActiveStudioBody = z.infer<typeof activeStudioBodySchema>;

export const myStudioSchema = z.object({ id: idSchema, name: z.string(), role: studioRoleSchema }).meta({ id: 'MyStudio' });
export type MyStudio = z.infer<typeof myStudioSchema>;

export const myStudiosSchema = z
  .object({
    /** The person signed in, whoever they act for. */
    me: z.object({ id: idSchema, name: z.string() }),
    /** The studio this session acts for; null when acting as oneself. */
    acting: myStudioSchema.nullable(),
    /** The studios the person belongs to, their own account's studio included. */
    studios: z.array(myStudioSchema),
  })
  .meta({ id: 'MyStudios' });
export type MyStudios = z.infer<typeof myStudiosSchema>;
