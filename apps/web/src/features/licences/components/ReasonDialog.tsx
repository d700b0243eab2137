import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { reasonBodySchema } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';

interface ReasonDialogProps {
  show: boolean;
  title: string;
  /** What the action does, in a sentence. */
  explanation: string;
  confirmLabel: string;
  pending: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** An admin action that must say why: the reason is kept with the change and shown to the buyer. */
export function ReasonDialog({ show, title, explanation, confirmLabel, pending, error, onConfirm, onClose }: ReasonDialogProps) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = reasonBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    onConfirm(parsed.data.reason);
  };

  return (
    <Modal
      show={show}
      onHide={() => !pending && onClose()}
      onExited={() => {
        setReason('');
        setInvalid(null);
      }}
      centered
      aria-labelledby={`${ids}-title`}
    >
      <form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={`${ids}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{explanation}</p>
          <label htmlFor={`${ids}-reason`} className="form-label">
            Reason <span aria-hidden="true">*</span>
          </label>
          <textarea
            id={`${ids}-reason`}
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            rows={3}
            required
            value={reason}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${ids}-invalid` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setInvalid(null);
            }}
          />
          {invalid && (
            <p id={`${ids}-invalid`} className="invalid-feedback d-block">
              {invalid}
            </p>
          )}
          <FormError message={error} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <SubmitButton pending={pending} className="btn-danger">
            {confirmLabel}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
