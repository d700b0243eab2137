import { useId, useRef, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import './success-modal.css';

interface SuccessModalProps {
  show: boolean;
  title: string;
  /** A sentence under the title, read out with it. */
  message?: ReactNode;
  /** More below the message, e.g. a status that updates while the popup is open. */
  details?: ReactNode;
  onHide: () => void;
  onExited?: () => void;
}

/** docs/product-spec.md §8: the centred popup with a tick after an upload, an edit or a new version; OK takes the focus. */
export function SuccessModal({ show, title, message, details, onHide, onExited }: SuccessModalProps) {
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => confirmRef.current?.focus()}
      onExited={onExited}
      centered
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
    >
      <Modal.Body className="text-center py-4">
        <div className="success-modal-icon" aria-hidden="true">
          ✓
        </div>
        <h2 id={titleId} className={message ? 'h4' : 'h4 mb-0'}>
          {title}
        </h2>
        {message ? (
          <p id={messageId} className="mb-0">
            {message}
          </p>
        ) : null}
        {details ? <div className="mt-3 text-start">{details}</div> : null}
      </Modal.Body>
      <Modal.Footer className="justify-content-center border-0 pt-0">
        <button type="button" className="btn btn-primary px-4" onClick={onHide} ref={confirmRef}>
          OK
        </button>
      </Modal.Footer>
    </Modal>
  );
}
