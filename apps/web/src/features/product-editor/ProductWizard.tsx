import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { UPLOAD_FRAMEWORKS } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useConfirmLeaving } from '@/components/useConfirmLeaving';
import { useSession } from '@/features/auth';
import { useRevealFirstError } from '@/components/revealFirstError';
import { isAbortError } from '@/lib/sendWithProgress';
import { useUploadProduct } from './api/uploadProduct';
import { StepOneFields, StepThreeFields, StepTwoFields } from './form/ProductFormSteps';
import {
  emptyValues,
  firstErrorKey,
  STEP_FIELDS,
  stepOf,
  toFormData,
  type ProductFormValues,
  type StepIndex,
} from './form/productFormValues';
import { SuccessModal } from '@/components/SuccessModal';
import { ArchiveCheckNote } from '@/features/inside';
import { UploadProgress } from '@/components/UploadProgress';
import { useProductForm } from './form/useProductForm';
import { discardDraft, hasEntries, readDraft, writeDraft } from './form/productDraft';
import './product-editor.css';

export const WIZARD_STEP_TITLES = ['Product details', 'Media, links and file', 'Licences and author'] as const;
const LAST_STEP: StepIndex = 2;
export const LEAVE_WIZARD_MESSAGE = 'Leave the upload form? Your text is kept as a draft in this browser, but the chosen files are not.';
/** The draft is written this long after the last keystroke. */
const DRAFT_DELAY_MS = 300;

/** The step shown is in the address (?step=2), so Back and Forward move between steps. */
function stepFromParam(value: string | null): StepIndex {
  const step = Number(value) - 1;
  return step === 1 || step === 2 ? step : 0;
}

/** How a step was reached: pushed by Next (or a check) from another step, so Previous can go back in history. */
interface StepState {
  wizardFrom?: StepIndex;
}

/**
 * docs/product-spec.md §2.10: the three-step upload form shared by the admin and user panels. After a
 * successful upload the popup shows and the form starts over on step 1 with only English.
 */
export function ProductWizard() {
  const { user } = useSession();
  const [formKey, setFormKey] = useState(0);
  const [showSuccess, setShowSuccess] = useState(false);
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <WizardForm
        key={`${user?._id ?? ''}:${formKey}`}
        userId={user?._id ?? null}
        headingRef={headingRef}
        startsOver={formKey > 0}
        onDiscarded={() => {
          setFormKey((key) => key + 1);
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
        onUploaded={(productId) => {
          setFormKey((key) => key + 1);
          setUploadedId(productId);
          setShowSuccess(true);
        }}
      />
      {/* Closing the popup leaves the focus at the top of the fresh form. */}
      <SuccessModal
        title="Product uploaded successfully!"
        show={showSuccess}
        // The archive is analysed in the background: the seller sees at once what to fix, if anything.
        details={uploadedId ? <ArchiveCheckNote productId={uploadedId} foldWarnings={false} /> : null}
        onHide={() => setShowSuccess(false)}
        onExited={() => headingRef.current?.focus()}
      />
    </>
  );
}

function WizardForm({
  userId,
  onUploaded,
  onDiscarded,
  headingRef,
  startsOver,
}: {
  userId: string | null;
  onUploaded: (productId: string) => void;
  onDiscarded: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** A fresh form after an upload or a discard: its way back to step 1 is not a Back press to follow with the focus. */
  startsOver: boolean;
}) {
  const [restored] = useState(() => (userId ? readDraft(userId) : null));
  const { controller, form, check, focusField } = useProductForm({
    mode: 'upload',
    defaultValues: () => restored ?? emptyValues(),
    frameworks: UPLOAD_FRAMEWORKS,
  });
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const step = stepFromParam(searchParams.get('step'));
  const [working, setWorking] = useState(() => restored !== null);
  useConfirmLeaving(working, LEAVE_WIZARD_MESSAGE);
  const upload = useUploadProduct();
  const { formRef } = useRevealFirstError(isAbortError(upload.error) ? null : upload.error);
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  // Set from the Submit click until the upload settles: a second click does nothing.
  const submittingRef = useRef(false);
  // Item 19: one Idempotency-Key per upload attempt, kept while the same entries are retried
  // (after an error or a cancel) so the server answers a repeat with the first result; any
  // change to the entries makes the next submit a new attempt.
  const attemptKeyRef = useRef<string | null>(null);
  // Set once the upload succeeded or the draft was discarded: nothing of it is kept any more.
  const sentRef = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch((values) => {
      attemptKeyRef.current = null;
      setWorking(hasEntries(values as ProductFormValues));
      if (!userId) return;
      clearTimeout(timer);
      // A keystroke just before Submit leaves a write waiting: once sent, it must not bring the draft back.
      timer = setTimeout(() => {
        if (!sentRef.current) writeDraft(userId, form.getValues());
      }, DRAFT_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      // Written at once when the form goes away (Back out of the wizard), unless it was just sent.
      if (timer !== undefined && !sentRef.current && userId) writeDraft(userId, form.getValues());
      clearTimeout(timer);
    };
  }, [form, userId]);
  // Back and Forward between steps take the focus to the step's heading, as Next and Previous do.
  const shownStep = useRef(step);
  // A form that starts over may still see the old step until the address catches up (the navigation can
  // land after the remount): that move to step 1 is no Back press; the popup or the discard places the focus.
  const catchingUpToStart = useRef(startsOver && step !== 0);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (catchingUpToStart.current) {
      catchingUpToStart.current = step !== 0;
      return;
    }
    requestAnimationFrame(() => headingRef.current?.focus());
  }, [step, headingRef]);
  // Leaving the page cancels an upload in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  const uploading = progress !== null;

  /** Shows another step: a new history entry, so Back returns to this one. */
  function pushStep(next: StepIndex) {
    if (next === step) return;
    const state: StepState = { wizardFrom: step };
    void navigate({ pathname: location.pathname, search: `?step=${next + 1}` }, { state });
  }

  /** Shows the step holding the field, then focuses the field. */
  function showField(key: string) {
    const target = stepOf(key);
    shownStep.current = target;
    pushStep(target);
    focusField(key);
  }

  /** Previous is Back when Next brought us here; else (a reload, a link) it replaces this step. */
  function previous() {
    const from = (location.state as StepState | null)?.wizardFrom;
    if (from === step - 1) void navigate(-1);
    else void navigate({ pathname: location.pathname, search: step - 1 === 0 ? '' : `?step=${step}` }, { replace: true });
  }

  function discard() {
    if (userId) discardDraft(userId);
    sentRef.current = true;
    setWorking(false);
    if (step !== 0) void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    onDiscarded();
  }

  /** Next checks this step's fields only (react-hook-form's trigger); the others stay quiet. */
  async function handleNext() {
    if (step >= LAST_STEP) return;
    const invalid = await check(STEP_FIELDS[step]);
    if (invalid === undefined) pushStep((step + 1) as StepIndex);
    else showField(invalid);
  }

  function send(values: ProductFormValues) {
    attemptKeyRef.current ??= crypto.randomUUID();
    const abort = new AbortController();
    abortRef.current = abort;
    setCancelled(false);
    setProgress(0);
    upload.mutate(
      { body: toFormData(values), idempotencyKey: attemptKeyRef.current, signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: (productId) => {
          sentRef.current = true;
          if (userId) discardDraft(userId);
          setWorking(false);
          // The fresh form starts on step 1 (docs/product-spec.md section 2.10).
          void navigate({ pathname: location.pathname, search: '' }, { replace: true });
          onUploaded(productId);
        },
        onError: (error) => setCancelled(isAbortError(error)),
        onSettled: () => {
          abortRef.current = null;
          submittingRef.current = false;
          setProgress(null);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only the Submit button of step 3 uploads (or Enter in a step-3 field, whose submitter is
    // that button). Enter in a field of steps 1 and 2 means Next.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (step !== LAST_STEP || submitter?.dataset.formAction !== 'submit') {
      void handleNext();
      return;
    }
    if (submittingRef.current) return;
    submittingRef.current = true;
    void form.handleSubmit(send, (errors) => {
      submittingRef.current = false;
      const first = firstErrorKey(form.getValues('languages'), errors);
      if (first !== undefined) showField(first);
    })(event);
  }

  const serverError = upload.error && !isAbortError(upload.error) ? upload.error.message : null;

  return (
    <form ref={formRef} className="product-wizard" onSubmit={handleSubmit} noValidate aria-labelledby={`${controller.prefix}-step-title`}>
      <ol className="wizard-steps" aria-label="Steps">
        {WIZARD_STEP_TITLES.map((title, index) => (
          <li
            key={title}
            className={index === step ? 'active' : index < step ? 'done' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="wizard-step-number" aria-hidden="true">
              {index < step ? '✓' : index + 1}
            </span>
            <span className="wizard-step-title">
              <span className="visually-hidden">Step {index + 1}: </span>
              {title}
              {index < step && <span className="visually-hidden"> (completed)</span>}
            </span>
          </li>
        ))}
      </ol>

      <h2 className="h5 mb-3" id={`${controller.prefix}-step-title`} ref={headingRef} tabIndex={-1}>
        Step {step + 1} of 3: {WIZARD_STEP_TITLES[step]}
      </h2>

      {restored && (
        <output className="d-block alert alert-info py-2">
          Your draft was restored. Files are not kept in a draft: choose them again.
        </output>
      )}
      <fieldset disabled={uploading} className="product-wizard-step" data-step={step + 1}>
        {step === 0 && <StepOneFields form={controller} />}
        {step === 1 && <StepTwoFields form={controller} />}
        {step === 2 && <StepThreeFields form={controller} />}
      </fieldset>

      <div className="wizard-actions">
        <button
          type="button"
          data-form-action="previous"
          className="btn btn-outline-primary"
          onClick={previous}
          disabled={step === 0 || uploading}
        >
          Previous Step
        </button>
        {/* Distinct keys: React must never turn the clicked Next button into the Submit button,
            or the browser finishes that click as a submission. */}
        {step < LAST_STEP ? (
          <button key="next" type="button" data-form-action="next" className="btn btn-primary" onClick={() => void handleNext()}>
            Next Step
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            data-form-action="submit"
            className="btn btn-primary"
            disabled={uploading}
            aria-busy={uploading}
          >
            {uploading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Submit
          </button>
        )}
        {working && !uploading && (
          <button type="button" className="btn btn-link text-danger ms-auto" onClick={discard}>
            Discard draft
          </button>
        )}
      </div>

      {/* Below the buttons, so that nothing moves under the pointer of a double-clicked Submit
          (the progress row's Cancel button used to slide in where Submit had been). */}
      {progress !== null && <UploadProgress fraction={progress} onCancel={() => abortRef.current?.abort()} />}
      <FormError message={serverError} className="mt-3" />
      {cancelled && (
        <output className="d-block text-secondary mt-3">Upload cancelled. Your entries are kept; submit again when you are ready.</output>
      )}
    </form>
  );
}
