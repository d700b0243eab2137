import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { reasonBodySchema } from '@market/contracts';
import { ReasonForm } from '@/components/ReasonForm';

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

/** An admin action on a licence that must say why: the reason is kept with the change and shown to the buyer. */
export function ReasonDialog({ show, title, explanation, confirmLabel, pending, error, onConfirm, onClose }: ReasonDialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={() => !pending && onClose()} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ReasonForm
          label="Reason"
          explanation={explanation}
          hint="3 to 500 characters."
          submitLabel={confirmLabel}
          schema={reasonBodySchema}
          pending={pending}
          error={error}
          danger
          onSubmit={onConfirm}
          onCancel={onClose}
        />
      </Modal.Body>
    </Modal>
  );
}
