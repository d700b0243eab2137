import { useEffect, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { FormError } from '@/components/FormError';
import { useDeleteProduct } from '../api/deleteProduct';

export interface ProductToDelete {
  id: string;
  title: string;
}

interface DeleteProductDialogProps {
  /** The product asked about; null hides the dialog. */
  product: ProductToDelete | null;
  onClose: () => void;
}

/**
 * docs/product-spec.md §8: 'Are you sure?' / "You won't be able to revert this!" with 'Yes, delete it!' and
 * 'Cancel'; then 'Deleted!' / 'This game deleted successfully.'. It lives beside the list, not
 * in the row, so it survives the row disappearing when the list reloads.
 */
export function DeleteProductDialog({ product, onClose }: DeleteProductDialogProps) {
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteProduct();
  const [deleted, setDeleted] = useState(false);
  const okRef = useRef<HTMLButtonElement>(null);

  // Focus moves from the vanished 'Yes, delete it!' to the only action left.
  useEffect(() => {
    if (deleted) okRef.current?.focus();
  }, [deleted]);

  function close() {
    if (remove.isPending) return;
    onClose();
  }

  function handleExited() {
    setDeleted(false);
    remove.reset();
  }

  return (
    <Modal show={product !== null} onHide={close} onExited={handleExited} centered aria-labelledby={titleId} aria-describedby={textId}>
      <Modal.Body className="text-center pt-4">
        <h2 id={titleId} className="h4">
          {deleted ? 'Deleted!' : 'Are you sure?'}
        </h2>
        <p id={textId} className="mb-2">
          {deleted ? 'This game deleted successfully.' : "You won't be able to revert this!"}
        </p>
        {!deleted && product && <p className="small text-secondary mb-0 text-break">{product.title}</p>}
        <FormError message={remove.error?.message} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer className="justify-content-center border-0 pt-0">
        {deleted ? (
          <button type="button" className="btn btn-primary px-4" onClick={close} ref={okRef}>
            OK
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              onClick={() => product && remove.mutate(product.id, { onSuccess: () => setDeleted(true) })}
            >
              {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              Yes, delete it!
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
