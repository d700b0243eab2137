import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  HOLD_NEEDED_MAX,
  HOLD_REASON_CODES,
  HOLD_REASON_LABELS,
  placeHoldBodySchema,
  type HoldReasonCode,
  type PayoutHold,
} from '@market/contracts';
import { FormError } from '@/components/FormError';
import { QueryView } from '@/components/query-view';
import { useRevealFirstError } from '@/components/revealFirstError';
import { SubmitButton } from '@/components/SubmitButton';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { usePlaceHold } from '../api/placeHold';
import { useReleaseHold } from '../api/releaseHold';
import { useSellerHolds } from '../api/sellerHolds';
import { reviewDay } from './PayoutHoldAlerts';
import '../payouts.css';

type HoldField = 'reasonCode' | 'needed' | 'reviewBy';
const HOLD_FIELDS: readonly HoldField[] = ['reasonCode', 'needed', 'reviewBy'];

/** Today in the browser, as YYYY-MM-DD: the review date must come after it (the server checks again by its clock). */
const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * The admin's view of a seller's payout holds (docs/decisions/0012 "Holds"): the history, open and
 * released, with who and when; a form to place one; and a release, confirmed, for each open one.
 */
export function SellerHolds({ sellerId }: { sellerId: string }) {
  const query = useSellerHolds(sellerId);
  return (
    <section className="seller-holds" aria-labelledby="seller-holds-title">
      <h3 id="seller-holds-title" className="h5">
        Payout holds
      </h3>
      <QueryView
        query={query}
        loadingLabel="Loading the seller’s holds…"
        isEmpty={(holds) => holds.length === 0}
        empty="This seller’s payouts have never been held."
      >
        {(holds) => (
          <ul className="seller-hold-list" aria-label="Holds, newest first">
            {holds.map((hold) => (
              <li key={hold._id}>
                <HoldCard hold={hold} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <PlaceHoldForm sellerId={sellerId} />
    </section>
  );
}

function HoldCard({ hold }: { hold: PayoutHold }) {
  const titleId = `seller-hold-${hold._id}`;
  const open = hold.releasedAt === null;
  return (
    <article className="card" aria-labelledby={titleId}>
      <div className="card-body">
        <h4 id={titleId} className="h6 mb-1">
          {hold.reason} <span className={`badge ${open ? 'text-bg-warning' : 'text-bg-secondary'}`}>{open ? 'Open' : 'Released'}</span>
        </h4>
        <p className="seller-hold-needed mb-1">{hold.needed}</p>
        <p className="small text-secondary mb-1">
          Review by <time dateTime={hold.reviewBy}>{reviewDay(hold.reviewBy)}</time> · held by {hold.heldBy ? hold.heldBy.name : 'a rule'}{' '}
          on <time dateTime={hold.createdAt}>{formatDateTime(hold.createdAt)}</time>
        </p>
        {hold.releasedAt && (
          <p className="small text-secondary mb-0">
            {/* A rule releases a chargeback hold once the dispute is won (docs/decisions/0012 "Holds"). */}
            Released by {hold.releasedBy ? hold.releasedBy.name : 'a rule'} on{' '}
            <time dateTime={hold.releasedAt}>{formatDateTime(hold.releasedAt)}</time>
            {hold.releaseNote ? `: ${hold.releaseNote}` : ''}
          </p>
        )}
        {open && <ReleaseHold hold={hold} />}
      </div>
    </article>
  );
}

/** Release, then a confirmation with an optional note: a hold released by a slip would let a withdrawal through. */
function ReleaseHold({ hold }: { hold: PayoutHold }) {
  const ids = useId();
  const release = useReleaseHold();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // The note takes the focus when the confirmation opens; a cancel gives it back to the button.
  useEffect(() => {
    if (confirming) field.current?.focus();
    else if (opened.current) opener.current?.focus();
    opened.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        ref={opener}
        type="button"
        className="btn btn-sm btn-outline-primary mt-2"
        aria-label={`Release hold: ${hold.reason}`}
        onClick={() => setConfirming(true)}
      >
        Release hold
      </button>
    );
  }
  const cancel = () => {
    setConfirming(false);
    release.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    release.mutate({ id: hold._id, note: note.trim() });
  };
  return (
    <form className="mt-2" onSubmit={submit} aria-labelledby={`${ids}-question`}>
      <p id={`${ids}-question`} className="small fw-semibold mb-2">
        Release this hold? The seller can withdraw again at once.
      </p>
      <label htmlFor={`${ids}-note`} className="form-label">
        Note for the seller (optional)
      </label>
      <textarea
        ref={field}
        id={`${ids}-note`}
        className="form-control mb-2"
        rows={2}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !release.isPending) cancel();
        }}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={release.isPending}>Yes, release</SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={release.isPending}>
          Cancel
        </button>
      </div>
      <FormError message={release.error?.message} className="mt-2 mb-0" />
    </form>
  );
}

/** The server's refusal per field (its `errors`), or as one message when it names none. */
function serverErrors(error: Error | null): { fields: Partial<Record<HoldField, string>>; message: string | undefined } {
  if (!error) return { fields: {}, message: undefined };
  const named =
    error instanceof ApiError ? (error.body as { errors?: Array<{ field?: unknown; message?: unknown }> } | undefined)?.errors : undefined;
  const fields: Partial<Record<HoldField, string>> = {};
  for (const entry of named ?? []) {
    if (HOLD_FIELDS.includes(entry.field as HoldField) && typeof entry.message === 'string')
      fields[entry.field as HoldField] ??= entry.message;
  }
  return { fields, message: Object.keys(fields).length > 0 ? undefined : error.message };
}

function PlaceHoldForm({ sellerId }: { sellerId: string }) {
  const ids = useId();
  const place = usePlaceHold();
  const [reasonCode, setReasonCode] = useState<HoldReasonCode | ''>('');
  const [needed, setNeeded] = useState('');
  const [reviewBy, setReviewBy] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<HoldField, string>>>({});
  const [placed, setPlaced] = useState('');
  const { formRef, refused } = useRevealFirstError(place.error);
  const server = serverErrors(place.error);
  const errors = { ...server.fields, ...invalid };

  const edit =
    <T,>(setter: (value: T) => void, field: HoldField) =>
    (value: T) => {
      setter(value);
      setPlaced('');
      setInvalid(({ [field]: _, ...rest }) => rest);
      if (place.error) place.reset();
    };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = placeHoldBodySchema.safeParse({ sellerId, reasonCode, needed, reviewBy });
    const found: Partial<Record<HoldField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as HoldField;
        if (HOLD_FIELDS.includes(field)) found[field] ??= issue.message;
      }
    }
    if (!found.reviewBy && reviewBy && reviewBy <= todayIso()) found.reviewBy = 'The review date must be after today';
    if (!parsed.success || Object.keys(found).length > 0) {
      setInvalid(found);
      refused();
      return;
    }
    place.mutate(parsed.data, {
      onSuccess: (hold) => {
        setReasonCode('');
        setNeeded('');
        setReviewBy('');
        setPlaced(`Hold placed: ${hold.reason}, under review until ${reviewDay(hold.reviewBy)}. The seller has been mailed.`);
      },
    });
  };

  const describedBy = (field: HoldField, hint?: string) => {
    const parts = [hint, errors[field] ? `${ids}-${field}-error` : undefined].filter(Boolean);
    return {
      'aria-invalid': errors[field] ? true : undefined,
      ...(parts.length > 0 ? { 'aria-describedby': parts.join(' ') } : {}),
    };
  };
  const fieldError = (field: HoldField) =>
    errors[field] ? (
      <p id={`${ids}-${field}-error`} className="invalid-feedback d-block mb-0">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={formRef} className="place-hold-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h4 id={`${ids}-title`} className="h6">
        Hold this seller’s payouts
      </h4>
      <p className="small text-secondary">
        While a hold is open the seller’s withdrawals are refused with its reason and review date. The seller is mailed.
      </p>
      <div className="mb-3">
        <label htmlFor={`${ids}-reasonCode`} className="form-label">
          Reason <span aria-hidden="true">*</span>
        </label>
        <select
          id={`${ids}-reasonCode`}
          className={`form-select${errors.reasonCode ? ' is-invalid' : ''}`}
          required
          value={reasonCode}
          onChange={(event) => edit(setReasonCode, 'reasonCode')(event.target.value as HoldReasonCode | '')}
          {...describedBy('reasonCode')}
        >
          <option value="">Choose a reason</option>
          {HOLD_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {HOLD_REASON_LABELS[code]}
            </option>
          ))}
        </select>
        {fieldError('reasonCode')}
      </div>
      <div className="mb-3">
        <label htmlFor={`${ids}-needed`} className="form-label">
          What the seller must do <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={`${ids}-needed`}
          className={`form-control${errors.needed ? ' is-invalid' : ''}`}
          rows={3}
          required
          maxLength={HOLD_NEEDED_MAX}
          value={needed}
          onChange={(event) => edit(setNeeded, 'needed')(event.target.value)}
          {...describedBy('needed', `${ids}-needed-hint`)}
        />
        <p id={`${ids}-needed-hint`} className="form-text mb-0">
          The seller reads this as written; at most {HOLD_NEEDED_MAX} characters.
        </p>
        {fieldError('needed')}
      </div>
      <div className="mb-3">
        <label htmlFor={`${ids}-reviewBy`} className="form-label">
          Review by <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${ids}-reviewBy`}
          type="date"
          className={`form-control${errors.reviewBy ? ' is-invalid' : ''}`}
          required
          min={todayIso()}
          value={reviewBy}
          onChange={(event) => edit(setReviewBy, 'reviewBy')(event.target.value)}
          {...describedBy('reviewBy')}
        />
        {fieldError('reviewBy')}
      </div>
      <SubmitButton pending={place.isPending}>Place hold</SubmitButton>
      <FormError message={server.message} className="mt-3 mb-0" />
      <output className="d-block small mt-3">{placed}</output>
    </form>
  );
}
