import { LICENSE_TYPES, type Discount, type DiscountBody, type LicenseType } from '@market/contracts';
import { firstErrorPerField, type FieldErrors as ErrorsOf, type FieldIssue } from '@/components/useFieldForm';

/** The form's fields, named as the body's, so the server's field errors land on them. */
export const DISCOUNT_FIELDS = [
  'code',
  'kind',
  'amount',
  'productIds',
  'licenceTypes',
  'startsAt',
  'endsAt',
  'maxRedemptions',
  'minSubtotal',
  'onePerBuyer',
] as const;
export type DiscountField = (typeof DISCOUNT_FIELDS)[number];
export type FieldErrors = ErrorsOf<DiscountField>;

/** What the inputs hold: text as typed, times as `datetime-local` gives them (local, no zone). */
export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  amount: string;
  productIds: string[];
  licenceTypes: LicenseType[];
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  minSubtotal: string;
  onePerBuyer: boolean;
}

export const NEW_DISCOUNT: DiscountFormValues = {
  code: '',
  kind: 'percent',
  amount: '',
  productIds: [],
  licenceTypes: [...LICENSE_TYPES],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  minSubtotal: '',
  onePerBuyer: false,
};

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (read as the browser's local time) as ISO; null when empty, the text itself when it is no time. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * A typed number: undefined when empty (the schema then asks for it), NaN when it is no number
 * (the schema refuses it with its own words). A "$", "%" or thousands commas around it are allowed.
 */
function typedNumber(text: string): number | undefined {
  const bare = text.trim().replace(/^\$/, '').replace(/%$/, '').replaceAll(',', '').trim();
  return bare === '' ? undefined : Number(bare);
}

export function valuesOf(discount: Discount): DiscountFormValues {
  return {
    code: discount.code,
    kind: discount.kind,
    amount: discount.kind === 'fixed' ? discount.amount.toFixed(2) : String(discount.amount),
    productIds: [...discount.productIds],
    licenceTypes: [...discount.licenceTypes],
    startsAt: toLocalInput(discount.startsAt),
    endsAt: toLocalInput(discount.endsAt),
    maxRedemptions: discount.maxRedemptions === null ? '' : String(discount.maxRedemptions),
    minSubtotal: discount.minSubtotal > 0 ? discount.minSubtotal.toFixed(2) : '',
    onePerBuyer: discount.onePerBuyer,
  };
}

/** The body to check with discountBodySchema: empty optional fields mean no limit, no minimum, no date. */
export function bodyOf(values: DiscountFormValues, paused: boolean): Record<string, unknown> {
  return {
    code: values.code,
    kind: values.kind,
    amount: typedNumber(values.amount),
    productIds: values.productIds,
    licenceTypes: values.licenceTypes,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    maxRedemptions: typedNumber(values.maxRedemptions) ?? null,
    minSubtotal: typedNumber(values.minSubtotal) ?? 0,
    onePerBuyer: values.onePerBuyer,
    paused,
  };
}

/** A code's body as stored, for a change of one thing (Pause, Resume) that leaves the rest as it is. */
export function storedBodyOf(discount: Discount): DiscountBody {
  return {
    code: discount.code,
    kind: discount.kind,
    amount: discount.amount,
    productIds: discount.productIds,
    licenceTypes: discount.licenceTypes,
    startsAt: discount.startsAt,
    endsAt: discount.endsAt,
    maxRedemptions: discount.maxRedemptions,
    onePerBuyer: discount.onePerBuyer,
    minSubtotal: discount.minSubtotal,
    paused: discount.paused,
  };
}

/** The first message for each field, from the schema's issues (a path such as ['productIds', 3] is the field productIds). */
export function fieldErrorsOf(issues: readonly FieldIssue[]): FieldErrors {
  return firstErrorPerField(DISCOUNT_FIELDS, issues);
}
