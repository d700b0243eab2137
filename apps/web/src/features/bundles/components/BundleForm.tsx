import { useEffect, useId, useRef, type FormEvent } from 'react';
import {
  BUNDLE_SAVING_PERCENT,
  bundleBodySchema,
  bundleCeilingCents,
  dollarsToCents,
  formatUsd,
  MAX_BUNDLE_PRODUCTS,
  MIN_BUNDLE_PRODUCTS,
  productTitle,
  type Bundle,
  type ProductSummary,
} from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { useFieldForm } from '@/components/useFieldForm';
import { SubmitButton } from '@/components/SubmitButton';
import { useUploadedProducts } from '@/features/moderation';
import { formatDollars } from '@/lib/format';
import { useSaveBundle } from '../api/writeBundle';
import {
  BUNDLE_FIELDS,
  bodyOf,
  fieldErrorsOf,
  NEW_BUNDLE,
  valuesOf,
  type BundleField,
  type BundleFormValues,
  type FieldErrors,
} from './formValues';

interface BundleFormProps {
  /** The bundle changed, as the list has it now; null makes a new one. */
  editing: Bundle | null;
  /** Told the saved bundle, or null when the seller cancels. */
  onDone: (saved: Bundle | null) => void;
}

type PriceField = 'singleAppLicense' | 'multiAppLicense';
const PRICE_FIELDS: ReadonlyArray<{ field: PriceField; label: string }> = [
  { field: 'singleAppLicense', label: 'Single App License price' },
  { field: 'multiAppLicense', label: 'Multi App License price' },
];

/** What the chosen products cost one by one, and the most the bundle may ask, per licence type, in cents. */
function ceilings(products: readonly ProductSummary[], chosen: readonly string[]) {
  const picked = products.filter((product) => chosen.includes(product._id));
  const sum = (field: PriceField) => picked.reduce((total, product) => total + dollarsToCents(product[field]), 0);
  return Object.fromEntries(
    PRICE_FIELDS.map(({ field }) => [field, { sum: sum(field), ceiling: bundleCeilingCents(sum(field)) }]),
  ) as Record<PriceField, { sum: number; ceiling: number }>;
}

/** A bundle's name, products and prices, checked here as the server checks them; its refusals are shown at their fields. */
export function BundleForm({ editing, onDone }: BundleFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const save = useSaveBundle();
  const { refused } = useRevealFirstError(save.error, form);
  const products = useUploadedProducts({ mine: true });
  const { values, set, errors, generalError, setInvalid } = useFieldForm<BundleFormValues, BundleField>(
    () => (editing ? valuesOf(editing) : NEW_BUNDLE),
    BUNDLE_FIELDS,
    save,
  );
  // A chosen product that left the store stays listed, so it can be taken out.
  const choices = products.data?.filter((product) => product.status === 'Approved' || values.productIds.includes(product._id)) ?? [];
  const limits = ceilings(choices, values.productIds);

  // Opened by a button: the name takes the focus, so typing starts at once.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = bundleBodySchema.safeParse(body);
    const problems: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (values.productIds.length >= MIN_BUNDLE_PRODUCTS) {
      // The server's rule, said here before it is asked: each price at least 10% below what the products cost one by one.
      for (const { field, label } of PRICE_FIELDS) {
        const typed = body[field];
        const { sum, ceiling } = limits[field];
        if (problems[field] || typeof typed !== 'number' || !Number.isFinite(typed) || dollarsToCents(typed) <= ceiling) continue;
        problems[field] =
          `The ${label.replace(' price', '')} price must be at most ${formatUsd(ceiling)}: ` +
          `at least ${BUNDLE_SAVING_PERCENT}% below the ${formatUsd(sum)} its products cost one by one`;
      }
    }
    if (!parsed.success || Object.keys(problems).length > 0) {
      setInvalid(problems);
      refused();
      return;
    }
    setInvalid({});
    save.mutate({ id: editing?._id ?? null, body: parsed.data }, { onSuccess: onDone });
  };

  const idOf = (field: BundleField) => `${ids}-${field}`;
  const described = (field: BundleField) => [`${idOf(field)}-hint`, errors[field] ? `${idOf(field)}-error` : ''].filter(Boolean).join(' ');
  const message = (field: BundleField) =>
    errors[field] ? (
      <p id={`${idOf(field)}-error`} className="invalid-feedback d-block mb-0">
        {errors[field]}
      </p>
    ) : null;
  const title = editing ? `Edit ${editing.name}` : 'New bundle';

  return (
    <form ref={form} className="bundle-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h5 mb-3">
        {title}
      </h2>
      <div className="row g-3">
        <div className="col-12">
          <label htmlFor={idOf('name')} className="form-label">
            Bundle name <span aria-hidden="true">*</span>
          </label>
          <input
            id={idOf('name')}
            className={`form-control${errors.name ? ' is-invalid' : ''}`}
            value={values.name}
            maxLength={80}
            required
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described('name')}
            onChange={(event) => set('name', event.target.value)}
          />
          <p id={`${idOf('name')}-hint`} className="form-text mb-0">
            What buyers see on its page and in their cart, e.g. &ldquo;Arcade starter pack&rdquo;.
          </p>
          {message('name')}
        </div>
        <fieldset className="col-12" aria-describedby={described('productIds')} data-invalid={errors.productIds ? true : undefined}>
          <legend className="form-label fs-6 mb-1">
            Products <span aria-hidden="true">*</span>
          </legend>
          <p id={`${idOf('productIds')}-hint`} className="form-text mt-0 mb-1">
            {MIN_BUNDLE_PRODUCTS} to {MAX_BUNDLE_PRODUCTS} of your products on the store, at their single / multi app licence prices.
            Chosen: {values.productIds.length}.
          </p>
          {products.isPending ? (
            <p className="small text-secondary mb-0">Loading your products…</p>
          ) : products.isError ? (
            <div className="small" role="alert">
              {products.error.message}{' '}
              <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => void products.refetch()}>
                Try again
              </button>
            </div>
          ) : choices.length === 0 ? (
            <p className="small mb-0">You have no products on the store yet: a bundle can hold them once they are approved.</p>
          ) : (
            <div className="bundle-products-choice">
              {choices.map((product) => (
                <div className="form-check" key={product._id}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`${idOf('productIds')}-${product._id}`}
                    checked={values.productIds.includes(product._id)}
                    onChange={(event) =>
                      set(
                        'productIds',
                        event.target.checked
                          ? [...values.productIds.filter((id) => id !== product._id), product._id]
                          : values.productIds.filter((id) => id !== product._id),
                      )
                    }
                  />
                  <label className="form-check-label" htmlFor={`${idOf('productIds')}-${product._id}`}>
                    {productTitle(product.title)}{' '}
                    <span className="text-secondary">
                      ({formatDollars(product.singleAppLicense)} / {formatDollars(product.multiAppLicense)})
                    </span>
                    {product.status !== 'Approved' && <span className="text-danger"> not on the store: take it out</span>}
                  </label>
                </div>
              ))}
            </div>
          )}
          {message('productIds')}
        </fieldset>
        {PRICE_FIELDS.map(({ field, label }) => (
          <div className="col-12 col-sm-6" key={field}>
            <label htmlFor={idOf(field)} className="form-label">
              {label} (USD) <span aria-hidden="true">*</span>
            </label>
            <input
              id={idOf(field)}
              className={`form-control${errors[field] ? ' is-invalid' : ''}`}
              value={values[field]}
              inputMode="decimal"
              autoComplete="off"
              required
              placeholder="e.g. 39.99"
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={described(field)}
              onChange={(event) => set(field, event.target.value)}
            />
            <p id={`${idOf(field)}-hint`} className="form-text mb-0" data-testid={`${field}-ceiling`}>
              {values.productIds.length === 0
                ? `Choose products: the price must be at least ${BUNDLE_SAVING_PERCENT}% below what they cost one by one.`
                : `One by one: ${formatUsd(limits[field].sum)}. At most ${formatUsd(limits[field].ceiling)} (${BUNDLE_SAVING_PERCENT}% below).`}
            </p>
            {message(field)}
          </div>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <SubmitButton pending={save.isPending}>{editing ? 'Save the bundle' : 'Create the bundle'}</SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(null)} disabled={save.isPending}>
          Cancel
        </button>
      </div>
      <FormError message={generalError} className="mt-2 mb-0" />
    </form>
  );
}
