import { z } from 'zod';

/** Opaque random ids, exposed as `_id`. */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id');
export const idParamsSchema = z.strictObject({ id: idSchema });

/**
 * Every error answer: `{ message }` (the reskin calls answer `errorMessage`) and, when the failure is
 * about fields of the request, `errors` naming them.
 */
export const errorBodySchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const isoDateTimeSchema = z.iso.datetime();

/** Control, format (zero-width, direction) and line-separator characters: they forge lines or hide text. */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

const VISIBLE_ONLY_MESSAGE = 'Use visible characters only: no tabs or invisible characters';

/** Plain text a person wrote: line breaks kept, no markup is ever rendered from it. */
export const plainText = (min: number, max: number, tooShort: string, tooLong: string, invisible = VISIBLE_ONLY_MESSAGE) =>
  z
    .string({ error: tooShort })
    .trim()
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .min(min, tooShort)
        .max(max, tooLong)
        .refine((value) => !INVISIBLE_CHARACTERS.test(value.replaceAll('\n', '')), invisible),
    );

/**
 * A whole number sent as a number or as text (a form field, a query parameter), with messages a
 * person can read: zod's own ('Too small: expected number to be >=0') reach the page as they are.
 */
export const wholeNumber = (what: string, min: number, max: number) => {
  const range = `${what} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  return z.coerce.number({ error: range }).int(range).min(min, range).max(max, range);
};

/** ?page= of a paged list: a whole number from 1. */
export const pageQuerySchema = z.strictObject({
  page: wholeNumber('page', 1, 10_000).default(1),
});

/** The dotted path of a field inside a request (`products.0.productId`). */
export const fieldPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The message of one validation problem. Request schemas are strict, so a field the contract does not
 * know is refused by its full name (`Unknown field: title.__proto__`), not zod's bare key.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field: ${issue.keys.map((key) => fieldPath([...issue.path, key])).join(', ')}`;
  }
  return issue.message;
}
