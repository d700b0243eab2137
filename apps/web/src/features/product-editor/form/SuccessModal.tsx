import { useId, useRef } from 'react';
import Modal from 'react-bootstrap/Modal';

/** SPEC.md 8: the centred popup used after both an upload and an edit. */
export function SuccessModal({ show, onHide, onExited }: { show: boolean; onHide: () => void; onExited?: () => void }) {
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => confirmRef.current?.focus()}
      onExited={onExited}
      centered
      aria-labelledby={titleId}
      className="product-success-modal"
    >
      <Modal.Body className="text-center py-4">
        <div className="product-success-icon" aria-hidden="true">
          ✓
        </div>
        <h2 id={titleId} className="h4 mb-0">
          Product uploaded successfully!
        </h2>
      </Modal.Body>
      <Modal.Footer className="justify-content-center border-0 pt-0">
        <button type="button" className="btn btn-primary px-4" onClick={onHide} ref={confirmRef}>
          OK
        </button>
      </Modal.Footer>
    </Modal>
  );
}
