import { z } from 'zod';

/** Opaque random ids, exposed as `_id`. */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id');
export const idParamsSchema = z.strictObject({ id: idSchema });

/** Every error answer: `{ message }` (the reskin calls answer `errorMessage`). */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = z.object({ message: z.string() });

export const isoDateTimeSchema = z.iso.datetime();
