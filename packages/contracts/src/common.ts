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
    /** What a program branches on, where a failure names one (`step_up_required`, docs/decisions/0016). */
    code: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const isoDateTimeSchema = z.iso.datetime();

/** Control, format (zero-width, direction) and line-separator characters: they forge lines or hide text. */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const INVISIBLE_CHARACTERS_EVERYWHERE = new RegExp(INVISIBLE_CHARACTERS.source, 'gu');
const INVISIBLE_BUT_LINE_BREAKS = /(?!\n)[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * Stored text shown where nothing escapes it (a PDF, a mail, another program's screen), without its
 * invisible characters: names stored before the rules refused them keep no bell, escape or
 * direction override. `keepLineBreaks` for text whose paragraphs are lines.
 */
export const withoutInvisibleCharacters = (text: string, { keepLineBreaks = false } = {}) =>
  text.replace(keepLineBreaks ? INVISIBLE_BUT_LINE_BREAKS : INVISIBLE_CHARACTERS_EVERYWHERE, '');

/** Text that shows nothing: spaces, default-ignorable characters (zero-width, Hangul fillers), combining marks alone, the braille blank. */
const NOTHING_VISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\p{M}\u2800]*$/u;

export const INVISIBLE_CHARACTERS_MESSAGE = 'Use visible characters only: no line breaks, tabs or invisible characters';

/**
 * One line a person reads as a name (a person's, a studio's, an app's, a token's): trimmed, at most
 * `max` long, without control, format or direction characters, and not made of invisible ones alone
 * (refused as empty).
 */
export const visibleLine = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !INVISIBLE_CHARACTERS.test(value), INVISIBLE_CHARACTERS_MESSAGE)
    // An empty one is min(1)'s to refuse, once.
    .refine((value) => value === '' || !NOTHING_VISIBLE.test(value), required);

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
