import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { DISCOUNT_CODE_MAX_LENGTH, discountBodySchema, LICENSE_TYPES, productTitle, type Discount } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { SubmitButton } from '@/components/SubmitButton';
import { useUploadedProducts } from '@/features/moderation';
import { useCreateDiscount } from '../api/createDiscount';
import { useUpdateDiscount } from '../api/updateDiscount';
import {
  bodyOf,
  fieldErrorsOf,
  NEW_DISCOUNT,
  serverFieldErrors,
  valuesOf,
  type DiscountField,
  type DiscountFormValues,
  type FieldErrors,
} from './formValues';

interface DiscountFormProps {
  /** The code changed, as the list has it now; null makes a new one. */
  editing: Discount | null;
  /** Told the saved code, or null when the seller cancels. */
  onDone: (saved: Discount | null) => void;
}

/** A code's terms, checked here as the server checks them; the server's refusals are shown at their fields. */
export function DiscountForm({ editing, onDone }: DiscountFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const save = editing ? update : create;
  const { refused } = useRevealFirstError(save.error, form);
  const [values, setValues] = useState<DiscountFormValues>(() => (editing ? valuesOf(editing) : NEW_DISCOUNT));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const fromServer = serverFieldErrors(save.error);
  const errors: FieldErrors = { ...fromServer, ...invalid };
  const generalError = save.error && Object.keys(fromServer).length === 0 ? save.error.message : null;

  // Opened by a button: the first field takes the focus, so typing starts at once.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  const set = <K extends keyof DiscountFormValues>(field: K, value: DiscountFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => ({ ...current, [field]: undefined }));
    if (save.error) save.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = discountBodySchema.safeParse(bodyOf(values, editing?.paused ?? false));
    if (!parsed.success) {
      setInvalid(fieldErrorsOf(parsed.error.issues));
      refused();
      return;
    }
    setInvalid({});
    if (editing) update.mutate({ id: editing._id, body: parsed.data }, { onSuccess: onDone });
    else create.mutate(parsed.data, { onSuccess: onDone });
  };

  const idOf = (field: DiscountField) => `${ids}-${field}`;
  /** The attributes that tie a field to its hint and its error. */
  const described = (field: DiscountField, hint: boolean) => {
    const describedBy = [hint ? `${idOf(field)}-hint` : '', errors[field] ? `${idOf(field)}-error` : ''].filter(Boolean).join(' ');
    return { 'aria-describedby': describedBy || undefined };
  };
  const message = (field: DiscountField) =>
    errors[field] ? (
      <p id={`${idOf(field)}-error`} className="invalid-feedback d-block mb-0">
        {errors[field]}
      </p>
    ) : null;
  const textField = (
    field: 'code' | 'amount' | 'maxRedemptions' | 'minSubtotal' | 'startsAt' | 'endsAt',
    label: ReactNode,
    hint: ReactNode,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <>
      <label htmlFor={idOf(field)} className="form-label">
        {label}
      </label>
      <input
        id={idOf(field)}
        name={field}
        className={`form-control${errors[field] ? ' is-invalid' : ''}`}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        {...described(field, hint !== null)}
        onChange={(event) => set(field, event.target.value)}
        {...attributes}
      />
      {hint !== null && (
        <p id={`${idOf(field)}-hint`} className="form-text mb-0">
          {hint}
        </p>
      )}
      {message(field)}
    </>
  );

  const percent = values.kind === 'percent';
  return (
    <form ref={form} className="discount-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h5 mb-3">
        {editing ? `Edit the code ${editing.code}` : 'New discount code'}
      </h2>
      <div className="row g-3">
        <div className="col-12 col-sm-6">
          {textField(
            'code',
            <>
              Code <span aria-hidden="true">*</span>
            </>,
            `3 to ${DISCOUNT_CODE_MAX_LENGTH} letters, digits, "-" or "_". Buyers type it at the cart, in any case.`,
            { required: true, maxLength: DISCOUNT_CODE_MAX_LENGTH, autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false },
          )}
        </div>
        <fieldset className="col-12" {...described('kind', false)} data-invalid={errors.kind ? true : undefined}>
          <legend className="form-label fs-6 mb-1">
            What it takes off <span aria-hidden="true">*</span>
          </legend>
          {(
            [
              ['percent', 'Percent off'],
              ['fixed', 'Amount off each licence'],
            ] as const
          ).map(([kind, label]) => (
            <div className="form-check" key={kind}>
              <input
                className="form-check-input"
                type="radio"
                name={`${ids}-kind`}
                id={`${idOf('kind')}-${kind}`}
                checked={values.kind === kind}
                onChange={() => set('kind', kind)}
              />
              <label className="form-check-label" htmlFor={`${idOf('kind')}-${kind}`}>
                {label}
              </label>
            </div>
          ))}
          {message('kind')}
        </fieldset>
        <div className="col-12 col-sm-6">
          {textField(
            'amount',
            <>
              {percent ? 'Amount off, in percent' : 'Amount off each licence, in US dollars'} <span aria-hidden="true">*</span>
            </>,
            percent ? 'A whole number from 1 to 100.' : 'Taken off each licence the code reaches; a licence never goes below $0.50.',
            {
              required: true,
              inputMode: percent ? 'numeric' : 'decimal',
              autoComplete: 'off',
              placeholder: percent ? 'e.g. 25' : 'e.g. 10.00',
            },
          )}
        </div>
        <ProductChoice
          id={idOf('productIds')}
          selected={values.productIds}
          onChange={(productIds) => set('productIds', productIds)}
          error={message('productIds')}
          describedBy={described('productIds', true)['aria-describedby']}
          invalid={Boolean(errors.productIds)}
        />
        <fieldset className="col-12" {...described('licenceTypes', false)} data-invalid={errors.licenceTypes ? true : undefined}>
          <legend className="form-label fs-6 mb-1">Licence types</legend>
          {LICENSE_TYPES.map((type) => (
            <div className="form-check" key={type}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`${idOf('licenceTypes')}-${type}`}
                checked={values.licenceTypes.includes(type)}
                onChange={(event) => set('licenceTypes', toggled(values.licenceTypes, type, event.target.checked))}
              />
              <label className="form-check-label" htmlFor={`${idOf('licenceTypes')}-${type}`}>
                {type}
              </label>
            </div>
          ))}
          {message('licenceTypes')}
        </fieldset>
        <div className="col-12 col-sm-6">
          {textField('startsAt', 'Starts (optional)', 'In your time zone. Empty: from now.', { type: 'datetime-local' })}
        </div>
        <div className="col-12 col-sm-6">{textField('endsAt', 'Ends (optional)', 'Empty: no end.', { type: 'datetime-local' })}</div>
        <div className="col-12 col-sm-6">
          {textField('maxRedemptions', 'Maximum uses (optional)', 'Empty: no limit. An open checkout holds a use.', {
            inputMode: 'numeric',
            autoComplete: 'off',
          })}
        </div>
        <div className="col-12 col-sm-6">
          {textField('minSubtotal', 'Minimum subtotal (optional, US dollars)', 'Of this code’s products in the cart. Empty: none.', {
            inputMode: 'decimal',
            autoComplete: 'off',
          })}
        </div>
        <div className="col-12">
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id={idOf('onePerBuyer')}
              checked={values.onePerBuyer}
              onChange={(event) => set('onePerBuyer', event.target.checked)}
            />
            <label className="form-check-label" htmlFor={idOf('onePerBuyer')}>
              One use per buyer
            </label>
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <SubmitButton pending={save.isPending}>{editing ? 'Save changes' : 'Create code'}</SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(null)} disabled={save.isPending}>
          Cancel
        </button>
      </div>
      <FormError message={generalError} className="mt-2 mb-0" />
    </form>
  );
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((entry) => entry !== item), item] : list.filter((entry) => entry !== item);

interface ProductChoiceProps {
  id: string;
  selected: string[];
  onChange: (productIds: string[]) => void;
  error: ReactNode;
  describedBy: string | undefined;
  invalid: boolean;
}

/** The seller's own products as checkboxes; none checked is all of them, those uploaded later too. */
function ProductChoice({ id, selected, onChange, error, describedBy, invalid }: ProductChoiceProps) {
  const products = useUploadedProducts({ mine: true });
  return (
    <fieldset className="col-12" aria-describedby={describedBy} data-invalid={invalid ? true : undefined}>
      <legend className="form-label fs-6 mb-1">Products</legend>
      <p id={`${id}-hint`} className="form-text mt-0 mb-1">
        None checked: all your products, those you upload later too.
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
      ) : products.data.length === 0 ? (
        <p className="small mb-0">You have no products yet: the code will reach the ones you upload.</p>
      ) : (
        <div className="discount-products">
          {products.data.map((product) => (
            <div className="form-check" key={product._id}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`${id}-${product._id}`}
                checked={selected.includes(product._id)}
                onChange={(event) => onChange(toggled(selected, product._id, event.target.checked))}
              />
              <label className="form-check-label" htmlFor={`${id}-${product._id}`}>
                {productTitle(product.title)}
                {product.status !== 'Approved' && <span className="text-secondary"> (not on sale yet)</span>}
              </label>
            </div>
          ))}
        </div>
      )}
      {error}
    </fieldset>
  );
}
