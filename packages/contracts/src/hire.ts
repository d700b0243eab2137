import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { platformSchema } from './enums.js';
import { emailSchema } from './users.js';

export const HIRE_SENT_MESSAGE = 'Success: Your request has been sent successfully';
export const REQUIREMENTS_MAX_LENGTH = 50_000;

/** POST /api/developer/hireADeveloper; `requirenments` (docs/product-spec.md's spelling) is rich text, sanitised on the server. */
export const hireRequestBodySchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
  email: emailSchema,
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(120, 'Company name is too long'),
  platform: platformSchema,
  requirenments: z
    .string({ error: 'Describe your requirements' })
    .trim()
    .min(1, 'Describe your requirements')
    .max(REQUIREMENTS_MAX_LENGTH, 'The requirements are too long'),
});
export type HireRequestBody = z.infer<typeof hireRequestBodySchema>;

/** A hire request as an admin reads it; requirenments is sanitised HTML. */
export const hireRequestSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    companyName: z.string(),
    platform: platformSchema,
    requirenments: z.string(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'HireRequest' });
export type HireRequest = z.infer<typeof hireRequestSchema>;
export const hireRequestListSchema = z.array(hireRequestSchema);

export const hireRequestSentSchema = z.object({ message: z.string(), _id: idSchema });
