import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { productStatusSchema } from './enums.js';

/** MAJOR.MINOR.PATCH, each a whole number without leading zeros (semver's core, no pre-release tags). */
export const versionSchema = z
  .string({ error: 'Enter the version, e.g. 1.2.0' })
  .trim()
  .regex(/^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/, 'The version must look like 1.2.0 (MAJOR.MINOR.PATCH)');

/** The version every product's first archive carries. */
export const FIRST_VERSION = '1.0.0';

/** The text fields of POST /api/product/{id}/releases (multipart, beside the sourceCode file). */
export const releaseFormSchema = z.strictObject({
  version: versionSchema,
  changelog: z.string({ error: 'Describe what changed' }).max(50_000, 'The changelog is too long'),
  engineVersion: z
    .string()
    .trim()
    .max(80, 'The engine version is at most 80 characters')
    .optional()
    .transform((value) => value || undefined),
});
export type ReleaseForm = z.infer<typeof releaseFormSchema>;

export const releaseSchema = z
  .object({
    _id: idSchema,
    productId: idSchema,
    version: z.string(),
    /** Sanitised HTML, like a product's description. */
    changelog: z.string(),
    engineVersion: z.string().nullable(),
    sizeBytes: z.number().int(),
    status: productStatusSchema,
    createdAt: isoDateTimeSchema,
    /** When it was approved (and buyers' download windows opened again); null until then. */
    publishedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'Release' });
export type Release = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.array(releaseSchema);

export const releaseParamsSchema = z.strictObject({ releaseId: idSchema });

/** GET /api/purchase/download/{purchaseId}/{productId}: the newest approved release unless one is named. */
export const downloadQuerySchema = z.strictObject({ release: idSchema.optional() });

/** PUT approve / reject of a release: the words of product moderation, and the release as it now is. */
export const releaseModeratedSchema = z.object({ message: z.string(), release: releaseSchema });
export type ReleaseModerated = z.infer<typeof releaseModeratedSchema>;
