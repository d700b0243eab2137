import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  customWorkDisputeBodySchema,
  customWorkNoteBodySchema,
  customWorkResolveBodySchema,
  type CustomWork,
  type ResolutionOutcome,
} from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { ReasonForm } from '@/components/ReasonForm';
import { SubmitButton } from '@/components/SubmitButton';
import { formatCents } from '@/lib/format';
import { useCustomWorkStep } from '../api/writeCustomWork';

const changesSchema = z.strictObject({ reason: customWorkNoteBodySchema.shape.note });

/** What the viewer may do now, as the server said (`actions`); the server still decides each step. */
export function CustomWorkActions({ work }: { work: CustomWork }) {
  const step = useCustomWorkStep(work._id);
  const [open, setOpen] = useState<'changes' | 'dispute' | null>(null);
  const ids = useId();
  const can = (action: string) => work.actions.includes(action);
  const amount = formatCents(work.milestones[work.current]?.amountCents ?? 0);
  const error = step.error instanceof Error ? step.error.message : undefined;

  if (work.actions.length === 0) {
    return (
      <section aria-labelledby={`${ids}-title`} className="custom-work-actions mb-4">
        <h2 id={`${ids}-title`} className="h5">
          Next
        </h2>
        <p className="mb-0">{waitingFor(work)}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="custom-work-actions mb-4">
      <h2 id={`${ids}-title`} className="h5">
        What you can do
      </h2>
      <p id={`${ids}-about`} className="visually-hidden">
        {work.product.title}, custom work for {formatCents(work.priceCents)}
      </p>
      <FormError message={open ? undefined : error} />
      <div className="d-flex flex-column align-items-start gap-3">
        {can('accept') && (
          <div>
            <p className="small mb-2">Accept the quote, then pay {amount} into escrow: the seller is paid only once you accept the work.</p>
            <button type="button" className="btn btn-primary" disabled={step.isPending} onClick={() => step.mutate({ step: 'accept' })}>
              Accept the quote
            </button>
          </div>
        )}
        {can('fund') && (
          <div>
            <p className="small mb-2">The money waits in escrow until you accept the delivery.</p>
            <Link className="btn btn-primary" to={`/checkout/custom-work/${work._id}`}>
              Pay {amount} into escrow
            </Link>
          </div>
        )}
        {can('deliver') && <DeliverForm work={work} />}
        {can('acceptDelivery') && (
          <div>
            <p className="small mb-2">Accepting pays the {amount} held in escrow to the seller.</p>
            <ConfirmButton
              label="Accept the delivery"
              confirmLabel={`Yes, pay ${amount} to the seller`}
              describedBy={`${ids}-about`}
              tone="go"
              pending={step.isPending}
              onConfirm={() => step.mutate({ step: 'acceptDelivery' })}
            />
          </div>
        )}
        {can('requestChanges') &&
          (open === 'changes' ? (
            <ReasonForm
              label="What should change"
              explanation={`You have ${work.revisionsAllowed - work.revisionsUsed} of ${work.revisionsAllowed} rounds of changes left. The automatic release waits for the next delivery.`}
              hint="Up to 5,000 characters."
              submitLabel="Ask for changes"
              schema={changesSchema}
              pending={step.isPending}
              error={error}
              onSubmit={(note) => step.mutate({ step: 'requestChanges', note }, { onSuccess: () => setOpen(null) })}
              onCancel={() => setOpen(null)}
            />
          ) : (
            <button type="button" className="btn btn-outline-primary" onClick={() => setOpen('changes')}>
              Ask for changes
            </button>
          ))}
        {can('dispute') &&
          (open === 'dispute' ? (
            <ReasonForm
              label="What went wrong"
              explanation="An admin looks at the order, the chat and the deliveries, and decides where the money in escrow goes. The timer stops."
              hint="At least 10 and up to 5,000 characters."
              submitLabel="Open the dispute"
              schema={customWorkDisputeBodySchema}
              pending={step.isPending}
              error={error}
              danger
              onSubmit={(reason) => step.mutate({ step: 'dispute', reason }, { onSuccess: () => setOpen(null) })}
              onCancel={() => setOpen(null)}
            />
          ) : (
            <button type="button" className="btn btn-outline-danger" onClick={() => setOpen('dispute')}>
              Open a dispute
            </button>
          ))}
        {can('cancel') && (
          <div>
            <ConfirmButton
              label="Cancel the order"
              confirmLabel={work.escrowCents > 0 ? `Yes, cancel and refund ${formatCents(work.escrowCents)}` : 'Yes, cancel'}
              describedBy={`${ids}-about`}
              pending={step.isPending}
              onConfirm={() => step.mutate({ step: 'cancel' })}
            />
          </div>
        )}
        {can('resolve') && <ResolveForm work={work} />}
      </div>
    </section>
  );
}

/** Who the order waits for, said to a side that can do nothing now. */
function waitingFor(work: CustomWork): string {
  switch (work.status) {
    case 'quoted':
      return 'Waiting for the buyer to accept the quote.';
    case 'accepted':
      return 'Waiting for the buyer to pay into escrow.';
    case 'funded':
    case 'changes_requested':
      return 'Waiting for the seller’s delivery.';
    case 'delivered':
      return 'Waiting for the buyer to accept the delivery or ask for changes.';
    case 'disputed':
      return 'An admin is looking at the dispute.';
    default:
      return 'This order is closed.';
  }
}

function DeliverForm({ work }: { work: CustomWork }) {
  const step = useCustomWorkStep(work._id);
  const ids = useId();
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('sourceCode');
    if (!(file instanceof File) || file.size === 0) {
      setMissing(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[type=file]')?.focus();
      return;
    }
    step.mutate({ step: 'deliver', form }, { onSuccess: () => (event.target as HTMLFormElement).reset() });
  };
  const error = step.error instanceof Error ? step.error.message : undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="h6">
        Deliver the work
      </h3>
      <label htmlFor={`${ids}-file`} className="form-label">
        The project as a .zip <span aria-hidden="true">*</span>
      </label>
      <input
        id={`${ids}-file`}
        name="sourceCode"
        type="file"
        accept=".zip,application/zip"
        required
        className={`form-control mb-1${missing ? ' is-invalid' : ''}`}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${ids}-missing` : undefined}
        onChange={() => setMissing(false)}
      />
      {missing && (
        <p id={`${ids}-missing`} className="invalid-feedback d-block">
          Attach the delivery as a .zip archive
        </p>
      )}
      <label htmlFor={`${ids}-note`} className="form-label mt-2">
        A note for the buyer
      </label>
      <textarea id={`${ids}-note`} name="note" className="form-control mb-2" rows={3} maxLength={5000} />
      <FormError message={error} />
      <SubmitButton pending={step.isPending}>Deliver</SubmitButton>
    </form>
  );
}

const OUTCOMES: Array<{ value: ResolutionOutcome; label: string }> = [
  { value: 'release', label: 'Release everything to the seller' },
  { value: 'refund', label: 'Refund everything to the buyer' },
  { value: 'split', label: 'Split between them' },
];

function ResolveForm({ work }: { work: CustomWork }) {
  const step = useCustomWorkStep(work._id);
  const ids = useId();
  // Nothing is chosen for the admin: one click must not move the money either way.
  const [outcome, setOutcome] = useState<ResolutionOutcome | null>(null);
  const [percent, setPercent] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<{ field: 'outcome' | 'percent' | 'note'; message: string } | null>(null);
  const held = work.escrowCents;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = customWorkResolveBodySchema.safeParse({
      outcome: outcome ?? undefined,
      ...(outcome === 'split' ? { sellerPercent: percent === '' ? undefined : Number(percent) } : {}),
      note,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'note' ? 'note' : issue?.path[0] === 'sellerPercent' ? 'percent' : 'outcome';
      setInvalid({ field, message: issue?.message ?? 'Check the decision' });
      document.getElementById(field === 'outcome' ? `${ids}-release` : `${ids}-${field}`)?.focus();
      return;
    }
    step.mutate({ step: 'resolve', body: parsed.data });
  };
  const sellerCents = outcome === 'split' && /^\d+$/.test(percent) ? Math.floor((held * Number(percent)) / 100) : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="h6">
        Resolve the dispute over {formatCents(held)}
      </h3>
      <fieldset className="mb-2" aria-describedby={invalid?.field === 'outcome' ? `${ids}-invalid` : undefined}>
        <legend className="form-label fs-6">Outcome</legend>
        {OUTCOMES.map((choice) => (
          <div className="form-check" key={choice.value}>
            <input
              className="form-check-input"
              type="radio"
              name={`${ids}-outcome`}
              id={`${ids}-${choice.value}`}
              checked={outcome === choice.value}
              onChange={() => {
                setOutcome(choice.value);
                setInvalid(null);
              }}
            />
            <label className="form-check-label" htmlFor={`${ids}-${choice.value}`}>
              {choice.label}
            </label>
          </div>
        ))}
        {invalid?.field === 'outcome' && (
          <p id={`${ids}-invalid`} className="invalid-feedback d-block">
            {invalid.message}
          </p>
        )}
      </fieldset>
      {outcome === 'split' && (
        <div className="mb-2">
          <label htmlFor={`${ids}-percent`} className="form-label">
            The seller’s share, in percent
          </label>
          <input
            id={`${ids}-percent`}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            className={`form-control${invalid?.field === 'percent' ? ' is-invalid' : ''}`}
            value={percent}
            aria-invalid={invalid?.field === 'percent' ? true : undefined}
            aria-describedby={`${ids}-share${invalid?.field === 'percent' ? ` ${ids}-invalid` : ''}`}
            onChange={(event) => {
              setPercent(event.target.value);
              setInvalid(null);
            }}
          />
          {invalid?.field === 'percent' && (
            <p id={`${ids}-invalid`} className="invalid-feedback d-block">
              {invalid.message}
            </p>
          )}
          <p id={`${ids}-share`} className="form-text mb-0" aria-live="polite">
            {sellerCents === null
              ? ' '
              : `${formatCents(sellerCents)} to the seller, ${formatCents(held - sellerCents)} back to the buyer.`}
          </p>
        </div>
      )}
      <label htmlFor={`${ids}-note`} className="form-label">
        Why, for both sides
      </label>
      <textarea
        id={`${ids}-note`}
        className={`form-control${invalid?.field === 'note' ? ' is-invalid' : ''} mb-2`}
        rows={3}
        maxLength={5000}
        required
        value={note}
        aria-invalid={invalid?.field === 'note' ? true : undefined}
        aria-describedby={invalid?.field === 'note' ? `${ids}-invalid` : undefined}
        onChange={(event) => {
          setNote(event.target.value);
          setInvalid(null);
        }}
      />
      {invalid?.field === 'note' && (
        <p id={`${ids}-invalid`} className="invalid-feedback d-block mt-n1">
          {invalid.message}
        </p>
      )}
      <FormError message={step.error instanceof Error ? step.error.message : undefined} />
      <SubmitButton pending={step.isPending}>Resolve</SubmitButton>
    </form>
  );
}
