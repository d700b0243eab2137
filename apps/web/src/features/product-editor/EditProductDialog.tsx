import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { CHANGE_SENT_FOR_REVIEW_MESSAGE, FRAMEWORKS, type ProductDetail } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { PageSpinner } from '@/components/PageSpinner';
import { useEditProduct } from './api/editProduct';
import { useProduct } from './api/productById';
import { isAbortError } from '@/lib/sendWithProgress';
import { StepOneFields, StepThreeFields, StepTwoFields } from './form/ProductFormSteps';
import { firstErrorKey, toFormData, valuesFromProduct, type ProductFormValues } from './form/productFormValues';
import { SuccessModal } from '@/components/SuccessModal';
import { UploadProgress } from '@/components/UploadProgress';
import { useProductForm } from './form/useProductForm';
import { PencilIcon } from './icons';
import { WIZARD_STEP_TITLES } from './ProductWizard';
import './product-editor.css';

interface EditProductButtonProps {
  productId: string;
  /** Id of the element naming the product (e.g. its title cell), for screen readers. */
  describedBy?: string;
  className?: string;
}

/**
 * docs/product-spec.md §2.10: the edit icon opens the Edit Product dialog for one product; a successful
 * update shows the same popup as an upload and refreshes every product list.
 */
export function EditProductButton({ productId, describedBy, className = '' }: EditProductButtonProps) {
  const [open, setOpen] = useState(false);
  const [success, setSuccess] = useState(false);
  const [successMessage, setSuccessMessage] = useState<string | undefined>(undefined);
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm btn-outline-primary ${className}`}
        aria-label="Edit product"
        aria-describedby={describedBy}
        title="Edit product"
        onClick={() => setOpen(true)}
      >
        <PencilIcon />
      </button>
      <EditProductDialog
        productId={productId}
        show={open}
        onHide={() => setOpen(false)}
        onUpdated={(product) => {
          setOpen(false);
          setSuccessMessage(waitsForReview(product) ? CHANGE_SENT_FOR_REVIEW_MESSAGE : undefined);
          setSuccess(true);
        }}
      />
      <SuccessModal title="Product uploaded successfully!" message={successMessage} show={success} onHide={() => setSuccess(false)} />
    </>
  );
}

/** A seller's edit of an approved product waits for an admin: its change is newer than the live listing. */
const waitsForReview = (product: ProductDetail) =>
  product.status === 'Approved' && Boolean(product.moderation?.pendingChangeAt && product.moderation.pendingChangeAt >= product.updatedAt);

interface EditProductDialogProps {
  productId: string;
  show: boolean;
  onHide: () => void;
  onUpdated: (product: ProductDetail) => void;
}

export function EditProductDialog({ productId, show, onHide, onUpdated }: EditProductDialogProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      show={show}
      onHide={onHide}
      // The dialog opens on its title, above the first field, rather than on the dialog box.
      onEntered={() => titleRef.current?.focus()}
      size="xl"
      fullscreen="lg-down"
      aria-labelledby={titleId}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="h5" ref={titleRef} tabIndex={-1}>
          Edit Product
        </Modal.Title>
      </Modal.Header>
      {show && <EditProductContent productId={productId} titleId={titleId} onBusy={setBusy} onCancel={onHide} onUpdated={onUpdated} />}
    </Modal>
  );
}

interface ContentProps {
  productId: string;
  titleId: string;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onUpdated: (product: ProductDetail) => void;
}

function EditProductContent({ productId, ...props }: ContentProps) {
  const product = useProduct(productId);
  if (product.isPending) {
    return (
      <Modal.Body>
        <PageSpinner label="Loading product…" />
      </Modal.Body>
    );
  }
  if (product.isError) {
    return (
      <Modal.Body>
        <FormError message={product.error.message} />
        <button type="button" className="btn btn-outline-primary" onClick={() => void product.refetch()}>
          Try again
        </button>
      </Modal.Body>
    );
  }
  return <EditProductForm product={product.data} {...props} />;
}

function EditProductForm({ product, titleId, onBusy, onCancel, onUpdated }: Omit<ContentProps, 'productId'> & { product: ProductDetail }) {
  const currentImages = useMemo(
    () => ({ featureImg: product.featureImg, thumbnail: product.thumbnail, screenshots: product.screenshots }),
    [product],
  );
  const { controller, form, focusField } = useProductForm({
    mode: 'edit',
    defaultValues: () => valuesFromProduct(product),
    frameworks: FRAMEWORKS,
    currentImages,
  });
  const edit = useEditProduct();
  const { formRef } = useRevealFirstError(isAbortError(edit.error) ? null : edit.error);
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const submittingRef = useRef(false);
  const uploading = progress !== null;

  function send(values: ProductFormValues) {
    const abort = new AbortController();
    abortRef.current = abort;
    setCancelled(false);
    setProgress(0);
    onBusy(true);
    edit.mutate(
      { id: product._id, body: toFormData(values), signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: onUpdated,
        onError: (error) => setCancelled(isAbortError(error)),
        onSettled: () => {
          abortRef.current = null;
          submittingRef.current = false;
          setProgress(null);
          onBusy(false);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    submittingRef.current = true;
    void form.handleSubmit(send, (errors) => {
      submittingRef.current = false;
      const first = firstErrorKey(form.getValues('languages'), errors);
      if (first !== undefined) focusField(first);
    })(event);
  }

  const serverError = edit.error && !isAbortError(edit.error) ? edit.error.message : null;
  const sections = [StepOneFields, StepTwoFields, StepThreeFields];

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <Modal.Body>
        <fieldset disabled={uploading}>
          {sections.map((Section, index) => (
            <section
              key={WIZARD_STEP_TITLES[index]}
              className="product-edit-section"
              aria-labelledby={`${controller.prefix}-section-${index}`}
            >
              <h3 className="h6 text-uppercase text-secondary" id={`${controller.prefix}-section-${index}`}>
                {WIZARD_STEP_TITLES[index]}
              </h3>
              <Section form={controller} />
            </section>
          ))}
        </fieldset>
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch">
        <div className="d-flex justify-content-end gap-2">
          <button type="button" data-form-action="cancel" className="btn btn-outline-secondary" onClick={onCancel} disabled={uploading}>
            Cancel
          </button>
          <button type="submit" data-form-action="submit" className="btn btn-primary" disabled={uploading} aria-busy={uploading}>
            {uploading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Update Product
          </button>
        </div>
        {/* Below the buttons: nothing slides under the pointer of a double-clicked Update. */}
        {progress !== null && <UploadProgress fraction={progress} onCancel={() => abortRef.current?.abort()} />}
        <FormError message={serverError} className="mb-0" />
        {cancelled && <output className="d-block text-secondary mb-0">Update cancelled. Your changes are kept.</output>}
      </Modal.Footer>
    </form>
  );
}
