import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { INVALID_EMAIL_MESSAGE } from './users.js';

export const CONTACT_REQUIRED_MESSAGE = 'Field with * should be filled';
export const CONTACT_SENT_MESSAGE = 'Success: Your message has been sent successfully';
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

const required = (max: number) =>
  z.string({ error: CONTACT_REQUIRED_MESSAGE }).trim().min(1, CONTACT_REQUIRED_MESSAGE).max(max, `At most ${max} characters`);

/** POST /api/contact: every field is required (docs/product-spec.md §5). */
export const contactBodySchema = z.strictObject({
  name: required(80),
  email: required(254).pipe(z.email(INVALID_EMAIL_MESSAGE)),
  companyName: required(120),
  message: required(CONTACT_MESSAGE_MAX_LENGTH),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** A stored contact message, as an admin reads it (GET /api/contact). */
export const contactMessageSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    companyName: z.string(),
    message: z.string(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = z.array(contactMessageSchema);
