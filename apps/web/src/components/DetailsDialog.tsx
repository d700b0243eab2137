import { useId, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

interface DetailsDialogProps {
  show: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Rendered only while the dialog is shown, so its queries run only then. */
  children: ReactNode;
}

/** A read-only record in a large dialog (full screen on phones) with one Close button. */
export function DetailsDialog({ show, title, onClose, children }: DetailsDialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} size="lg" fullscreen="md-down" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && children}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          Close
        </button>
      </Modal.Footer>
    </Modal>
  );
}
