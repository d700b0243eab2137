import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { customWorkQuoteBodySchema, formatUsd, MAX_CUSTOM_WORK_MILESTONES, type CustomWork } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { serverIssues, useFieldForm, type FieldIssue } from '@/components/useFieldForm';
import { SubmitButton } from '@/components/SubmitButton';
import { ApiError } from '@/lib/api';
import { useSendQuote } from '../api/writeCustomWork';
import {
  bodyOf,
  canAddMilestone,
  fieldErrorsOf,
  NEW_QUOTE,
  QUOTE_FIELDS,
  rowErrorsOf,
  typedCents,
  type MilestoneRow,
  type QuoteField,
  type QuoteFormValues,
  type RowErrors,
} from './quoteBody';

export interface QuoteFormProps {
  buyerId: string;
  productId: string;
  buyerName: string;
  productTitle: string;
  /** Told the order the quote made; by default the seller is taken to the order's page. */
  onSent?: (work: CustomWork) => void;
  /** Given where the form opens inline: a Cancel button closes it. */
  onCancel?: () => void;
}

/** The server's answer without the milestone rows' own issues, which the rows show: the form's fields get the rest. */
function withoutRowIssues(error: Error | null): Error | null {
  if (!(error instanceof ApiError)) return error;
  const body = error.body as { errors?: unknown } | undefined;
  if (!Array.isArray(body?.errors)) return error;
  const errors = body.errors.filter(
    (entry: { field?: unknown }) => !(typeof entry.field === 'string' && /^milestones\.\d+\./.test(entry.field)),
  );
  return new ApiError(error.status, error.message, { ...body, errors });
}

/** The attributes that tie a field to its hint and its error. */
const described = (id: string, hint: boolean, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

const message = (id: string, error: string | undefined) =>
  error ? (
    <p id={`${id}-error`} className="invalid-feedback d-block mb-0">
      {error}
    </p>
  ) : null;

const todayLocal = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * A quote for custom work (docs/decisions/0013) to a buyer who asked for a reskin of the product:
 * the scope, the price, the delivery date and, if the work comes in parts, its milestones. Checked
 * here with the contract's schema, as the server checks it; the server's refusals show at their fields.
 */
export function QuoteForm({ buyerId, productId, buyerName, productTitle, onSent, onCancel }: QuoteFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const send = useSendQuote();
  const { refused } = useRevealFirstError(send.error, form);
  const fieldsError = useMemo(() => withoutRowIssues(send.error), [send.error]);
  const { values, set, errors, generalError, setInvalid } = useFieldForm<QuoteFormValues, QuoteField>(() => NEW_QUOTE, QUOTE_FIELDS, {
    error: fieldsError,
    reset: send.reset,
  });
  const [rowInvalid, setRowInvalid] = useState<RowErrors>({});
  const serverRowErrors = rowErrorsOf(serverIssues(send.error), values);
  const rowErrors: RowErrors = { ...serverRowErrors, ...rowInvalid };
  const nextKey = useRef(1);
  /** The element to focus once the rows have rendered: a new row's name, or where a removed row was. */
  const focusNext = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // Opened by a button: the scope takes the focus, so typing starts at once.
  useEffect(() => form.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus(), []);
  // After each render: a row added or removed has its focus target in the page by now.
  useEffect(() => {
    if (focusNext.current === null) return;
    // A removed last row leaves nothing in its place: focus goes to Add a milestone.
    ((focusNext.current && document.getElementById(focusNext.current)) || addButton.current)?.focus();
    focusNext.current = null;
  });

  const idOf = (field: QuoteField) => `${ids}-${field}`;
  const rowIdOf = (row: MilestoneRow, field: 'title' | 'amountCents') => `${ids}-milestone-${row.key}-${field}`;

  const setRows = (milestones: MilestoneRow[]) => {
    set('milestones', milestones);
    setRowInvalid({});
  };
  const addRow = () => {
    const row = { key: nextKey.current++, title: '', amount: '' };
    focusNext.current = rowIdOf(row, 'title');
    setRows([...values.milestones, row]);
  };
  const removeRow = (index: number) => {
    const rest = values.milestones.filter((_, at) => at !== index);
    const next = rest[index] ?? rest[index - 1];
    focusNext.current = next ? rowIdOf(next, 'title') : '';
    setRows(rest);
  };
  const changeRow = (index: number, patch: Partial<MilestoneRow>) =>
    setRows(values.milestones.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(values, buyerId, productId);
    const parsed = customWorkQuoteBodySchema.safeParse(body);
    const issues: (FieldIssue & { code?: string })[] = parsed.success ? [] : [...parsed.error.issues];
    if (typeof body.dueAt === 'string' && Date.parse(body.dueAt) <= Date.now()) {
      issues.push({ path: ['dueAt'], message: 'The delivery date must be in the future', code: 'custom' });
    }
    if (!parsed.success || issues.length > 0) {
      setInvalid(fieldErrorsOf(issues, values));
      setRowInvalid(rowErrorsOf(issues, values));
      refused();
      return;
    }
    setInvalid({});
    setRowInvalid({});
    send.mutate(parsed.data, { onSuccess: onSent ?? ((work) => void navigate(`/custom-work/${work._id}`)) });
  };

  const priceCents = typedCents(values.priceCents);
  const milestoneCents = values.milestones.reduce((total, row) => total + (typedCents(row.amount) ?? 0), 0);
  const sums = Number.isFinite(milestoneCents) && priceCents !== undefined && Number.isFinite(priceCents);

  return (
    <form ref={form} className="quote-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h5 mb-1">
        Quote custom work for {buyerName}
      </h2>
      <p className="small text-secondary mb-3">
        On {productTitle}. The buyer accepts the quote and pays each milestone into escrow; the money reaches the seller once the buyer
        accepts the delivery.
      </p>
      <div className="row g-3">
        <div className="col-12">
          <label htmlFor={idOf('scopeHtml')} className="form-label">
            Scope of the work <span aria-hidden="true">*</span>
          </label>
          <textarea
            id={idOf('scopeHtml')}
            className={`form-control${errors.scopeHtml ? ' is-invalid' : ''}`}
            rows={6}
            required
            value={values.scopeHtml}
            aria-invalid={errors.scopeHtml ? true : undefined}
            aria-describedby={described(idOf('scopeHtml'), true, errors.scopeHtml)}
            onChange={(event) => set('scopeHtml', event.target.value)}
          />
          <p id={`${idOf('scopeHtml')}-hint`} className="form-text mb-0">
            What you will change and deliver. A blank line starts a new paragraph.
          </p>
          {message(idOf('scopeHtml'), errors.scopeHtml)}
        </div>
        <div className="col-12 col-sm-6">
          <label htmlFor={idOf('priceCents')} className="form-label">
            Price in US dollars <span aria-hidden="true">*</span>
          </label>
          <input
            id={idOf('priceCents')}
            className={`form-control${errors.priceCents ? ' is-invalid' : ''}`}
            value={values.priceCents}
            inputMode="decimal"
            autoComplete="off"
            required
            placeholder="e.g. 250"
            aria-invalid={errors.priceCents ? true : undefined}
            aria-describedby={described(idOf('priceCents'), true, errors.priceCents)}
            onChange={(event) => set('priceCents', event.target.value)}
          />
          <p id={`${idOf('priceCents')}-hint`} className="form-text mb-0">
            From $1.00 to $100,000.00, the whole work.
          </p>
          {message(idOf('priceCents'), errors.priceCents)}
        </div>
        <div className="col-12 col-sm-6">
          <label htmlFor={idOf('dueAt')} className="form-label">
            Delivery date <span aria-hidden="true">*</span>
          </label>
          <input
            id={idOf('dueAt')}
            type="date"
            className={`form-control${errors.dueAt ? ' is-invalid' : ''}`}
            value={values.dueAt}
            min={todayLocal()}
            required
            aria-invalid={errors.dueAt ? true : undefined}
            aria-describedby={described(idOf('dueAt'), true, errors.dueAt)}
            onChange={(event) => set('dueAt', event.target.value)}
          />
          <p id={`${idOf('dueAt')}-hint`} className="form-text mb-0">
            Due by the end of that day (23:59 UTC).
          </p>
          {message(idOf('dueAt'), errors.dueAt)}
        </div>
        <fieldset className="col-12" aria-describedby={described(idOf('milestones'), true, errors.milestones)}>
          <legend className="form-label fs-6 mb-1">Milestones (optional)</legend>
          <p id={`${idOf('milestones')}-hint`} className="form-text mt-0 mb-2">
            Up to {MAX_CUSTOM_WORK_MILESTONES} parts, each paid and delivered in turn, adding up to the price. None: one milestone of the
            whole price.
          </p>
          {values.milestones.length > 0 && (
            <ol className="quote-milestones list-unstyled mb-2">
              {values.milestones.map((row, index) => {
                const titleError = rowErrors[`${index}.title`];
                // A sum that misses the price marks every amount: any of them may be the one to change.
                const amountError = rowErrors[`${index}.amountCents`];
                const amountInvalid = Boolean(amountError ?? errors.milestones);
                return (
                  <li key={row.key} className="quote-milestone">
                    <div>
                      <label htmlFor={rowIdOf(row, 'title')} className="form-label small mb-1">
                        Milestone {index + 1} name
                      </label>
                      <input
                        id={rowIdOf(row, 'title')}
                        className={`form-control form-control-sm${titleError ? ' is-invalid' : ''}`}
                        value={row.title}
                        maxLength={120}
                        autoComplete="off"
                        aria-invalid={titleError ? true : undefined}
                        aria-describedby={described(rowIdOf(row, 'title'), false, titleError)}
                        onChange={(event) => changeRow(index, { title: event.target.value })}
                      />
                      {message(rowIdOf(row, 'title'), titleError)}
                    </div>
                    <div>
                      <label htmlFor={rowIdOf(row, 'amountCents')} className="form-label small mb-1">
                        Milestone {index + 1} amount (USD)
                      </label>
                      <input
                        id={rowIdOf(row, 'amountCents')}
                        className={`form-control form-control-sm${amountInvalid ? ' is-invalid' : ''}`}
                        value={row.amount}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-invalid={amountInvalid ? true : undefined}
                        aria-describedby={
                          [
                            described(rowIdOf(row, 'amountCents'), false, amountError),
                            errors.milestones ? `${idOf('milestones')}-error` : '',
                          ]
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                        onChange={(event) => changeRow(index, { amount: event.target.value })}
                      />
                      {message(rowIdOf(row, 'amountCents'), amountError)}
                    </div>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger quote-milestone-remove"
                      aria-label={`Remove milestone ${index + 1}`}
                      onClick={() => removeRow(index)}
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          {values.milestones.length > 0 && (
            <p className="small mb-2" aria-live="polite" data-testid="milestones-sum">
              {sums
                ? `The milestones add up to ${formatUsd(milestoneCents)} of the ${formatUsd(priceCents)} price.`
                : 'Give the price and each amount to see what the milestones add up to.'}
            </p>
          )}
          {canAddMilestone(values) && (
            <button ref={addButton} type="button" className="btn btn-sm btn-outline-primary" onClick={addRow}>
              Add a milestone
            </button>
          )}
          {message(idOf('milestones'), errors.milestones)}
        </fieldset>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <SubmitButton pending={send.isPending}>Send the quote</SubmitButton>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </button>
        )}
      </div>
      <FormError message={Object.keys(serverRowErrors).length > 0 ? null : generalError} className="mt-2 mb-0" />
    </form>
  );
}
