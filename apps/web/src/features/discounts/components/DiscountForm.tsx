import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  DISCOUNT_CODE_MAX_LENGTH,
  discountBodySchema,
  LICENSE_TYPES,
  productTitle,
  type Discount,
  type DiscountScope,
} from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { useFieldForm } from '@/components/useFieldForm';
import { SubmitButton } from '@/components/SubmitButton';
import { useSearchQuery } from '@/features/catalogue';
import { useUploadedProducts } from '@/features/moderation';
import { useCreateDiscount } from '../api/createDiscount';
import { useProductTitles } from '../api/productTitles';
import { useUpdateDiscount } from '../api/updateDiscount';
import { SCOPE_TEXT } from './scopeText';
import { bodyOf, DISCOUNT_FIELDS, fieldErrorsOf, NEW_DISCOUNT, valuesOf, type DiscountField, type DiscountFormValues } from './formValues';

interface DiscountFormProps {
  /** A seller's own code, or a platform code (admins), which may name any seller's products. */
  scope: DiscountScope;
  /** The code changed, as the list has it now; null makes a new one. */
  editing: Discount | null;
  /** Told the saved code, or null when the seller cancels. */
  onDone: (saved: Discount | null) => void;
}

/** A code's terms, checked here as the server checks them; the server's refusals are shown at their fields. */
export function DiscountForm({ scope, editing, onDone }: DiscountFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateDiscount(scope);
  const update = useUpdateDiscount(scope);
  const save = editing ? update : create;
  const { refused } = useRevealFirstError(save.error, form);
  const { values, set, errors, generalError, setInvalid } = useFieldForm<DiscountFormValues, DiscountField>(
    () => (editing ? valuesOf(editing) : NEW_DISCOUNT),
    DISCOUNT_FIELDS,
    save,
  );

  // Opened by a button: the first field takes the focus, so typing starts at once.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

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
  const productChoice: ProductChoiceProps = {
    id: idOf('productIds'),
    selected: values.productIds,
    onChange: (productIds) => set('productIds', productIds),
    error: message('productIds'),
    describedBy: described('productIds', true)['aria-describedby'],
    invalid: Boolean(errors.productIds),
  };
  return (
    <form ref={form} className="discount-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h5 mb-3">
        {editing ? `Edit the code ${editing.code}` : SCOPE_TEXT[scope].newCode}
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
        {scope === 'platform' ? <AnySellersProductChoice {...productChoice} /> : <ProductChoice {...productChoice} />}
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
        {SCOPE_TEXT.seller.productsHint}
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

/**
 * Any seller's products for a platform code, found by the storefront's search (a marketplace holds
 * far too many for a list of checkboxes); those chosen are listed with a Remove button each.
 */
function AnySellersProductChoice({ id, selected, onChange, error, describedBy, invalid }: ProductChoiceProps) {
  const [text, setText] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const found = useSearchQuery(text, { keepPrevious: true });
  const [learnt, setLearnt] = useState<ReadonlyMap<string, string>>(new Map());
  const stored = useProductTitles(selected.filter((productId) => !learnt.has(productId)));
  const titleOf = (productId: string) => learnt.get(productId) ?? stored?.get(productId) ?? 'A product no longer listed';
  const choose = (productIds: string[]) => {
    onChange(productIds);
    // The button pressed goes (added products leave the results, removed ones the list): focus goes back to the search.
    search.current?.focus();
  };
  const results = (found.data ?? []).filter((product) => !selected.includes(product._id));
  return (
    <fieldset className="col-12" aria-describedby={describedBy} data-invalid={invalid ? true : undefined}>
      <legend className="form-label fs-6 mb-1">Products</legend>
      <p id={`${id}-hint`} className="form-text mt-0 mb-1">
        {SCOPE_TEXT.platform.productsHint}
      </p>
      {selected.length > 0 && (
        <ul className="list-unstyled discount-chosen mb-2" aria-label="Products chosen">
          {selected.map((productId) => (
            <li key={productId} className="d-flex align-items-center gap-2">
              <span>{titleOf(productId)}</span>
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                aria-label={`Remove ${titleOf(productId)}`}
                onClick={() => choose(selected.filter((chosen) => chosen !== productId))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-search`} className="form-label small mb-1 d-block">
        Find a product to add
      </label>
      <input
        ref={search}
        id={`${id}-search`}
        type="search"
        className="form-control discount-product-search"
        value={text}
        autoComplete="off"
        placeholder="Title or keyword"
        onChange={(event) => setText(event.target.value)}
        // Enter searches as typed: it must not send the whole form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div aria-live="polite">
        {found.isError ? (
          <p className="small mb-0" role="alert">
            {found.error.message}
          </p>
        ) : text.trim() !== '' && found.data && results.length === 0 ? (
          <p className="small text-secondary mb-0 mt-1">No other product matches “{text.trim()}”</p>
        ) : (
          results.length > 0 && (
            <ul className="list-unstyled discount-found mt-1 mb-0">
              {results.map((product) => {
                const title = productTitle(product.title);
                return (
                  <li key={product._id}>
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 text-start"
                      onClick={() => {
                        setLearnt((current) => new Map(current).set(product._id, title));
                        choose([...selected, product._id]);
                      }}
                    >
                      Add {title}
                      <span className="text-secondary"> by {product.authorName}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        )}
      </div>
      {error}
    </fieldset>
  );
}
