import type { Bundle } from '@market/contracts';
import { firstErrorPerField, type FieldErrors as ErrorsOf, type FieldIssue } from '@/components/useFieldForm';

/** The form's fields, named as the body's, so the server's field errors land on them. */
export const BUNDLE_FIELDS = ['name', 'productIds', 'singleAppLicense', 'multiAppLicense'] as const;
export type BundleField = (typeof BUNDLE_FIELDS)[number];
export type FieldErrors = ErrorsOf<BundleField>;

/** What the inputs hold: text as typed. */
export interface BundleFormValues {
  name: string;
  productIds: string[];
  singleAppLicense: string;
  multiAppLicense: string;
}

export const NEW_BUNDLE: BundleFormValues = { name: '', productIds: [], singleAppLicense: '', multiAppLicense: '' };

export function valuesOf(bundle: Bundle): BundleFormValues {
  return {
    name: bundle.name,
    productIds: bundle.products.map((product) => product._id),
    singleAppLicense: String(bundle.singleAppLicense),
    multiAppLicense: String(bundle.multiAppLicense),
  };
}

/** A typed price: undefined when empty (the schema asks for it), NaN when no number; a "$" before it is allowed. */
function typedDollars(text: string): number | undefined {
  const bare = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  return bare === '' ? undefined : Number(bare);
}

/** The body to check with bundleBodySchema. */
export function bodyOf(values: BundleFormValues): Record<string, unknown> {
  return {
    name: values.name,
    productIds: values.productIds,
    singleAppLicense: typedDollars(values.singleAppLicense),
    multiAppLicense: typedDollars(values.multiAppLicense),
  };
}

/** The first message for each field, from the schema's issues (a path such as ['productIds', 3] is the field productIds). */
export function fieldErrorsOf(issues: readonly FieldIssue[]): FieldErrors {
  return firstErrorPerField(BUNDLE_FIELDS, issues);
}
