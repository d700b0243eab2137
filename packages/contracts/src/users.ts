import { z } from 'zod';
import { roleSchema } from './enums.js';
import { idSchema, isoDateTimeSchema, visibleLine } from './common.js';
import { LIMITS } from './limits.js';

/** docs/product-spec.md §8: the built-in validator text for a malformed email address. */
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/** An email address as every form takes it: trimmed, at most 254 characters. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

/** A new password's length rule (sign-up and reset); the server also refuses passwords easy to guess. */
const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
  .max(200, 'Password is too long');

/** POST /api/user/addUser. `role` is accepted for clients written to docs/product-spec.md and ignored: every sign-up is a User. */
export const signUpBodySchema = z
  .strictObject({
    name: visibleLine('Name is required', 80, 'Name is too long'),
    email: emailSchema,
    number: z
      .string({ error: 'Phone number is required' })
      .trim()
      .min(1, 'Phone number is required')
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Enter a valid phone number'),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm your password' }),
    role: z.string().optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** POST /api/user/signIn */
export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The signed-in user as the browser keeps it (sessionStorage `userData`). */
export const sessionUserSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    number: z.string(),
    role: roleSchema,
    /**
     * Present when a member acts for this account as its studio (docs/decisions/0018): the browser
     * then keeps its cart and wishlist to itself, as a member may not write the studio's.
     */
    actingForStudio: z.literal(true).optional(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A row of GET /api/user/getUsers: never a password or a hash. */
export const userListItemSchema = sessionUserSchema.extend({ createdAt: isoDateTimeSchema }).meta({ id: 'UserListItem' });
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = z.array(userListItemSchema);

/** POST /api/user/forgotPassword */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The one answer to "forgot", whether or not an account has that email. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, we have sent a link to reset its password.';

/** POST /api/user/resetPassword: the token from the mailed link and the new password. */
export const resetPasswordBodySchema = z
  .strictObject({
    token: z
      .string({ error: 'The reset link is incomplete' })
      .min(1, 'The reset link is incomplete')
      .max(200, 'The reset link is not valid'),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm your password' }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** PUT /api/user/email: the signed-in person's new email, after a fresh step-up (docs/decisions/0016). */
export const changeEmailBodySchema = z.strictObject({ email: emailSchema });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** PUT /api/user/password: a new password under the sign-up rules, after a fresh step-up (docs/decisions/0016). */
export const changePasswordBodySchema = z
  .strictObject({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm your password' }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const PASSWORD_CHANGED = 'Your password has been changed. Every other browser signed in to your account was signed out.';

export const PASSWORD_RESET_DONE = 'Your password has been changed. You have been signed out everywhere; log in with your new password.';
export const PASSWORD_RESET_LINK_INVALID = 'This reset link has expired or has already been used. Ask for a new one.';
