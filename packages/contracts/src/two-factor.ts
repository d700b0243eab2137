import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';

/**
 * Two-factor sign-in, step-up and the signed-in person's sessions (docs/decisions/0016).
 * Paths live in API_PATHS.security.
 */

/** Error codes a program (the web's API client) branches on, answered as `code` beside the message. */
export const STEP_UP_REQUIRED = 'step_up_required';
export const SECOND_FACTOR_ENROLMENT_REQUIRED = 'second_factor_enrolment_required';

/** How long a step-up (a fresh second factor, or the password of an account without one) lasts. */
export const STEP_UP_TTL_MINUTES = 10;

/** A second factor a pending sign-in may be finished with; passkeys add theirs (docs/decisions/0016). */
export const secondFactorMethodSchema = z.string().min(1).max(40);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** POST signIn's answer for an account with a confirmed second factor: no session yet, a pending cookie. */
export const secondFactorRequiredSchema = z
  .object({ secondFactorRequired: z.literal(true), methods: z.array(secondFactorMethodSchema) })
  .meta({ id: 'SecondFactorRequired' });
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** Six digits from an authenticator app; spaces are forgiven. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));

/** A recovery code as printed (`abcde-fghjk`); case, spaces and dashes are forgiven. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter a recovery code' })
  .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter a recovery code as printed, e.g. abcde-12345'));

/** POST /api/user/2fa/verify: finish a pending sign-in with a code or a recovery code. */
export const verifySecondFactorBodySchema = z.union([
  z.strictObject({ code: totpCodeSchema }),
  z.strictObject({ recoveryCode: recoveryCodeSchema }),
]);
export type VerifySecondFactorBody = z.infer<typeof verifySecondFactorBodySchema>;

/** POST /api/user/2fa/step-up: a code, a recovery code, or (only without a second factor) the password. */
export const stepUpBodySchema = z.union([
  z.strictObject({ code: totpCodeSchema }),
  z.strictObject({ recoveryCode: recoveryCodeSchema }),
  z.strictObject({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long') }),
]);
export type StepUpBody = z.infer<typeof stepUpBodySchema>;

export const stepUpResultSchema = z.object({ steppedUpUntil: isoDateTimeSchema }).meta({ id: 'StepUpResult' });
export type StepUpResult = z.infer<typeof stepUpResultSchema>;

/** GET /api/user/2fa: what protects the account now. */
export const twoFactorStatusSchema = z
  .object({
    totp: z.boolean(),
    recoveryCodesLeft: z.number().int().min(0),
    methods: z.array(secondFactorMethodSchema),
    /** The session may only enrol a second factor (an admin under ADMIN_REQUIRE_2FA). */
    enrolmentRequired: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/user/2fa/totp: a new, unconfirmed secret; the QR code is an SVG drawn by our server. */
export const totpEnrolmentSchema = z
  .object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() })
  .meta({ id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** PUT /api/user/2fa/totp */
export const confirmTotpBodySchema = z.strictObject({ code: totpCodeSchema });
export type ConfirmTotpBody = z.infer<typeof confirmTotpBodySchema>;

/** The ten recovery codes, answered once when TOTP is confirmed; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A row of GET /api/user/sessions. */
export const sessionInfoSchema = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    lastSeenAt: isoDateTimeSchema.nullable(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id') });
