import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  dollarsToCents,
  MAX_SALE_DAYS,
  MAX_SALE_PERCENT,
  productTitle,
  saleEventBodySchema,
  SALE_PRICE_RISE_DAYS,
  salePriceCents,
  type SaleEvent,
} from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { useFieldForm } from '@/components/useFieldForm';
import { SubmitButton } from '@/components/SubmitButton';
import { useUploadedProducts } from '@/features/moderation';
import { formatCents, formatDollars } from '@/lib/format';
import { useCreateSale } from '../api/createSale';
import { bodyOf, SALE_FIELDS, fieldErrorsOf, newSaleValues, type SaleField, type SaleFormValues } from './formValues';

interface SaleFormProps {
  /** Told the sale made, or null when the seller cancels. */
  onDone: (saved: SaleEvent | null) => void;
}

/** A new sale, checked here as the server checks it; the server's refusals are shown at their fields. */
export function SaleForm({ onDone }: SaleFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateSale();
  const { refused } = useRevealFirstError(create.error, form);
  const { values, set, errors, generalError, setInvalid } = useFieldForm<SaleFormValues, SaleField>(
    () => newSaleValues(new Date()),
    SALE_FIELDS,
    create,
  );
  const [openedOn] = useState(values.startsAt);

  // Opened by a button: the first field (the percent, there before the products load) takes the focus.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(values, openedOn, new Date());
    const parsed = saleEventBodySchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(fieldErrorsOf(parsed.error.issues, body));
      refused();
      return;
    }
    setInvalid({});
    create.mutate(parsed.data, { onSuccess: onDone });
  };

  const idOf = (field: SaleField) => `${ids}-${field}`;
  /** The attributes that tie a field to its hint and its error. */
  const described = (field: SaleField) => {
    const describedBy = [`${idOf(field)}-hint`, errors[field] ? `${idOf(field)}-error` : ''].filter(Boolean).join(' ');
    return { 'aria-describedby': describedBy };
  };
  const message = (field: SaleField) =>
    errors[field] ? (
      <p id={`${idOf(field)}-error`} className="invalid-feedback d-block mb-0">
        {errors[field]}
      </p>
    ) : null;
  const textField = (
    field: 'percent' | 'startsAt' | 'endsAt',
    label: ReactNode,
    hint: ReactNode,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <>
      <label htmlFor={idOf(field)} className="form-label">
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={idOf(field)}
        name={field}
        className={`form-control${errors[field] ? ' is-invalid' : ''}`}
        value={values[field]}
        required
        aria-invalid={errors[field] ? true : undefined}
        {...described(field)}
        onChange={(event) => set(field, event.target.value)}
        {...attributes}
      />
      <p id={`${idOf(field)}-hint`} className="form-text mb-0">
        {hint}
      </p>
      {message(field)}
    </>
  );

  return (
    <form ref={form} className="sale-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h5 mb-3">
        New sale
      </h2>
      <div className="row g-3">
        <div className="col-12 col-sm-4">
          {textField('percent', 'Percent off', `A whole number from 1 to ${MAX_SALE_PERCENT}.`, {
            inputMode: 'numeric',
            autoComplete: 'off',
            placeholder: 'e.g. 25',
          })}
        </div>
        <ProductChoice
          id={idOf('productIds')}
          selected={values.productIds}
          onChange={(productIds) => set('productIds', productIds)}
          error={message('productIds')}
          describedBy={described('productIds')['aria-describedby']}
          invalid={Boolean(errors.productIds)}
        />
        <SalePreview productIds={values.productIds} percent={values.percent} />
        <div className="col-12 col-sm-6">
          {textField('startsAt', 'Starts', 'In your time zone. Left at now, the sale starts at once.', { type: 'datetime-local' })}
        </div>
        <div className="col-12 col-sm-6">
          {textField('endsAt', 'Ends', `At most ${MAX_SALE_DAYS} days after the start.`, { type: 'datetime-local' })}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <SubmitButton pending={create.isPending}>Start the sale</SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(null)} disabled={create.isPending}>
          Cancel
        </button>
      </div>
      <FormError message={generalError} className="mt-2 mb-0" />
    </form>
  );
}

const toggled = (list: readonly string[], item: string, on: boolean): string[] =>
  on ? [...list.filter((entry) => entry !== item), item] : list.filter((entry) => entry !== item);

interface ProductChoiceProps {
  id: string;
  selected: string[];
  onChange: (productIds: string[]) => void;
  error: ReactNode;
  describedBy: string;
  invalid: boolean;
}

/** The seller's own approved products as checkboxes, with their listed prices. */
function ProductChoice({ id, selected, onChange, error, describedBy, invalid }: ProductChoiceProps) {
  const products = useUploadedProducts({ mine: true });
  const approved = products.data?.filter((product) => product.status === 'Approved') ?? [];
  return (
    <fieldset className="col-12" aria-describedby={describedBy} data-invalid={invalid ? true : undefined}>
      <legend className="form-label fs-6 mb-1">
        Products <span aria-hidden="true">*</span>
      </legend>
      <p id={`${id}-hint`} className="form-text mt-0 mb-1">
        Your products on the store, at their single / multi app licence prices. Their prices cannot change while the sale is scheduled or
        running, and a sale cannot start within {SALE_PRICE_RISE_DAYS} days of a price rise.
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
      ) : approved.length === 0 ? (
        <p className="small mb-0">You have no products on the store yet: a sale can hold them once they are approved.</p>
      ) : (
        <div className="sale-products-choice">
          {approved.map((product) => (
            <div className="form-check" key={product._id}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`${id}-${product._id}`}
                checked={selected.includes(product._id)}
                onChange={(event) => onChange(toggled(selected, product._id, event.target.checked))}
              />
              <label className="form-check-label" htmlFor={`${id}-${product._id}`}>
                {productTitle(product.title)}{' '}
                <span className="text-secondary">
                  ({formatDollars(product.singleAppLicense)} / {formatDollars(product.multiAppLicense)})
                </span>
              </label>
            </div>
          ))}
        </div>
      )}
      {error}
    </fieldset>
  );
}

/** The chosen products' prices at the percent typed, by the rule the server prices with; nothing until both are chosen. */
function SalePreview({ productIds, percent }: { productIds: readonly string[]; percent: string }) {
  const products = useUploadedProducts({ mine: true });
  const off = Number(percent.trim().replace(/%$/, '').trim());
  const chosen = products.data?.filter((product) => productIds.includes(product._id)) ?? [];
  if (!Number.isInteger(off) || off < 1 || off > MAX_SALE_PERCENT || chosen.length === 0) return null;
  const during = (dollars: number) => formatCents(salePriceCents(dollarsToCents(dollars), off));
  return (
    <div className="col-12 sale-preview">
      <p className="form-label mb-1">Prices during the sale</p>
      <ul className="small mb-0">
        {chosen.map((product) => (
          <li key={product._id}>
            {productTitle(product.title)}: single {formatDollars(product.singleAppLicense)} <span aria-hidden="true">→</span>
            <span className="visually-hidden">becomes</span> {during(product.singleAppLicense)}, multi{' '}
            {formatDollars(product.multiAppLicense)} <span aria-hidden="true">→</span>
            <span className="visually-hidden">becomes</span> {during(product.multiAppLicense)}
          </li>
        ))}
      </ul>
    </div>
  );
}
