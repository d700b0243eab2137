import { firstErrorPerField, type FieldErrors as ErrorsOf, type FieldIssue } from '@/components/useFieldForm';

/** The form's fields, named as the body's, so the server's field errors land on them. */
export const SALE_FIELDS = ['productIds', 'percent', 'startsAt', 'endsAt'] as const;
export type SaleField = (typeof SALE_FIELDS)[number];
export type FieldErrors = ErrorsOf<SaleField>;

/** What the inputs hold: text as typed, times as `datetime-local` gives them (local, no zone). */
export interface SaleFormValues {
  productIds: string[];
  percent: string;
  startsAt: string;
  endsAt: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new sale: from now (this minute) for a week. */
export function newSaleValues(now: Date): SaleFormValues {
  return { productIds: [], percent: '', startsAt: toLocalInput(now), endsAt: toLocalInput(new Date(now.getTime() + 7 * 86_400_000)) };
}

/** A `datetime-local` value (read as the browser's local time) as ISO; undefined when empty or no time. */
function fromLocalInput(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A typed percent: undefined when empty (the schema asks for it), NaN when no number; a "%" after it is allowed. */
function typedPercent(text: string): number | undefined {
  const bare = text.trim().replace(/%$/, '').trim();
  return bare === '' ? undefined : Number(bare);
}

/**
 * The body to check with saleEventBodySchema. A start left at the minute the form opened on (or
 * earlier in that minute) means now: the form may have been open a while, and the server refuses a
 * start in the past.
 */
export function bodyOf(values: SaleFormValues, openedOn: string, now: Date): Record<string, unknown> {
  const startsNow = values.startsAt === openedOn || values.startsAt === toLocalInput(now);
  return {
    productIds: values.productIds,
    percent: typedPercent(values.percent),
    startsAt: startsNow ? now.toISOString() : fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
  };
}

/** Words for a time field the schema found missing or malformed (its own words are a type's). */
export const TIME_MESSAGES: Record<'startsAt' | 'endsAt', string> = {
  startsAt: 'Choose when the sale starts',
  endsAt: 'Choose when the sale ends',
};

/**
 * The first message for each field, from the schema's issues; a time the body lacks is said in the
 * form's words (the schema's are a type's).
 */
export function fieldErrorsOf(issues: readonly FieldIssue[], body: Record<string, unknown>): FieldErrors {
  return firstErrorPerField(SALE_FIELDS, issues, (field, issue) =>
    (field === 'startsAt' || field === 'endsAt') && body[field] === undefined ? TIME_MESSAGES[field] : issue.message,
  );
}
