import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import Modal from 'react-bootstrap/Modal';
import { MODERATION_NOTE_MAX, MODERATION_REASONS, type ModerationDecisionBody, type ModerationReason } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { pageHeading } from '@/components/pageHeading';
import { SubmitButton } from '@/components/SubmitButton';

/** What the dialog asks about: the action's words and the product or change it acts on. */
export interface ReasonRequest {
  /** "Reject", "Request changes", "Reject changes". */
  action: string;
  /** What the seller is told will happen, under the title. */
  explanation: string;
  productTitle: string;
  submit: (decision: ModerationDecisionBody) => Promise<void>;
  /** Once the dialog has gone: whether the decision was made, so focus can go somewhere sensible. */
  afterClose?: (decided: boolean) => void;
}

/**
 * Focus after a reason dialog: back on the button that opened it while it is still there (a
 * cancelled dialog, or a decision that keeps the row); else, its row gone, on the page's heading.
 */
export function focusAfterDecision(trigger: HTMLElement, decided: boolean): void {
  if (trigger.isConnected && !(decided && trigger.matches(':disabled'))) {
    trigger.focus();
    return;
  }
  pageHeading()?.focus();
}

interface ReasonDialogProps {
  /** null hides the dialog. */
  request: ReasonRequest | null;
  onClose: () => void;
}

/**
 * The reason form of every moderation decision the seller must act on: one of the six
 * reasons and a note of at most 1,000 characters, both shown to the seller. It lives beside the
 * list, so it survives its row leaving the list once the decision is made.
 */
export function ReasonDialog({ request, onClose }: ReasonDialogProps) {
  const titleId = useId();
  const reasonId = useId();
  const noteId = useId();
  const countId = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<ModerationReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decided = useRef(false);
  // Kept while the dialog fades out, so its words do not vanish before it does.
  const [shown, setShown] = useState<ReasonRequest | null>(request);
  if (request && request !== shown) setShown(request);

  // A refusal of the server arrives as a new message; one of the form's own, by refused().
  const { formRef, refused } = useRevealFirstError(error);

  function handleExited() {
    shown?.afterClose?.(decided.current);
    decided.current = false;
    setShown(null);
    setReason('');
    setNote('');
    setError(null);
    setBusy(false);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request || busy) return;
    if (!reason) {
      setError('Choose a reason');
      refused();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request.submit({ reason, note });
      decided.current = true;
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  return (
    <Modal
      show={request !== null}
      onHide={() => !busy && onClose()}
      onEntered={() => reasonRef.current?.focus()}
      onExited={handleExited}
      // Focus is placed by afterClose: the button that opened the dialog may have left with its row.
      restoreFocus={false}
      centered
      aria-labelledby={titleId}
    >
      <form ref={formRef} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Modal.Header closeButton={!busy}>
          <Modal.Title as="h2" id={titleId} className="h5 text-break">
            {shown?.action}: {shown?.productTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-secondary">{shown?.explanation}</p>
          <div className="mb-3">
            <label htmlFor={reasonId} className="form-label">
              Reason
            </label>
            <select
              id={reasonId}
              ref={reasonRef}
              className={`form-select${error === 'Choose a reason' ? ' is-invalid' : ''}`}
              value={reason}
              required
              aria-invalid={error === 'Choose a reason'}
              onChange={(event) => setReason(event.target.value as ModerationReason)}
            >
              <option value="">Choose a reason…</option>
              {MODERATION_REASONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={noteId} className="form-label">
              Note to the seller <span className="text-secondary">(optional)</span>
            </label>
            <textarea
              id={noteId}
              className="form-control"
              rows={4}
              maxLength={MODERATION_NOTE_MAX}
              value={note}
              aria-describedby={countId}
              onChange={(event) => setNote(event.target.value)}
            />
            <div id={countId} className="form-text">
              {note.length} of {MODERATION_NOTE_MAX.toLocaleString('en')} characters
            </div>
          </div>
          <FormError message={error} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <SubmitButton pending={busy} variant="warning">
            {shown?.action}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
