import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { releaseFormSchema, type Release } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SuccessModal } from '@/components/SuccessModal';
import { RichTextEditor } from '@/components/rich-text';
import { UploadProgress } from '@/components/UploadProgress';
import { isAbortError } from '@/lib/sendWithProgress';
import { usePublishRelease } from '../api/publishRelease';

interface NewVersionButtonProps {
  productId: string;
  productTitle: string;
  /** Id of the element naming the product (e.g. its title cell), for screen readers. */
  describedBy?: string;
}

/**
 * A seller publishes a new archive of a product as a new version. The dialog closes on
 * success and a popup says whether buyers get it now (admin) or after review (seller).
 */
export function NewVersionButton({ productId, productTitle, describedBy }: NewVersionButtonProps) {
  const [open, setOpen] = useState(false);
  const [published, setPublished] = useState<Release | null>(null);
  const [showPublished, setShowPublished] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-describedby={describedBy}
        ref={buttonRef}
        onClick={() => setOpen(true)}
      >
        New version
      </button>
      <NewVersionDialog
        productId={productId}
        productTitle={productTitle}
        show={open}
        onHide={() => setOpen(false)}
        onPublished={(release) => {
          setOpen(false);
          setPublished(release);
          setShowPublished(true);
        }}
      />
      {published && (
        <SuccessModal
          show={showPublished}
          title={published.status === 'Approved' ? 'Version published' : 'Sent for review'}
          message={
            published.status === 'Approved'
              ? `Version ${published.version} is published. Buyers can download it now.`
              : `Version ${published.version} was sent for review. Buyers get it once an admin approves it.`
          }
          onHide={() => setShowPublished(false)}
          // Both dialogs are gone by now; the focus goes back where the seller started.
          onExited={() => {
            setPublished(null);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

interface NewVersionDialogProps {
  productId: string;
  productTitle: string;
  show: boolean;
  onHide: () => void;
  onPublished: (release: Release) => void;
}

function NewVersionDialog({ productId, productTitle, show, onHide, onPublished }: NewVersionDialogProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      show={show}
      onHide={onHide}
      // The dialog opens on its title, above the first field, rather than on the dialog box.
      onEntered={() => titleRef.current?.focus()}
      size="lg"
      fullscreen="md-down"
      aria-labelledby={titleId}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="h5" ref={titleRef} tabIndex={-1}>
          New version of {productTitle}
        </Modal.Title>
      </Modal.Header>
      {/* Mounted while shown only, so every opening starts from an empty form. */}
      {show && <NewVersionForm productId={productId} titleId={titleId} onBusy={setBusy} onCancel={onHide} onPublished={onPublished} />}
    </Modal>
  );
}

/** What the seller has entered; the text fields are checked with the contract's own rules. */
interface ReleaseDraft {
  version: string;
  engineVersion: string;
  changelog: string;
  sourceCode: File | null;
}
type DraftField = keyof ReleaseDraft;
type DraftErrors = Partial<Record<DraftField, string>>;

/** In the order shown: the first one with a message takes the focus. */
const FIELD_ORDER: readonly DraftField[] = ['version', 'engineVersion', 'changelog', 'sourceCode'];
const EMPTY_DRAFT: ReleaseDraft = { version: '', engineVersion: '', changelog: '', sourceCode: null };

// An empty input counts as missing, so it gets the contract's "enter it" message, not a format one.
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const contract = releaseFormSchema.shape;
const releaseDraftSchema = z.object({
  version: z.preprocess(blankAsMissing, contract.version),
  engineVersion: contract.engineVersion,
  changelog: z.preprocess(blankAsMissing, contract.changelog),
  sourceCode: z
    .instanceof(File, { error: 'Choose the archive (.zip)' })
    .refine((file) => /\.zip$/i.test(file.name), 'The archive must be a .zip file'),
});
type ValidRelease = z.output<typeof releaseDraftSchema>;

function checkDraft(draft: ReleaseDraft): { release: ValidRelease; errors?: undefined } | { release?: undefined; errors: DraftErrors } {
  const result = releaseDraftSchema.safeParse(draft);
  if (result.success) return { release: result.data };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DraftField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function toFormData({ version, engineVersion, changelog, sourceCode }: ValidRelease): FormData {
  const body = new FormData();
  // The text parts go before the archive, so the server knows them when the file streams in.
  body.append('version', version);
  if (engineVersion) body.append('engineVersion', engineVersion);
  body.append('changelog', changelog);
  body.append('sourceCode', sourceCode);
  return body;
}

interface NewVersionFormProps {
  productId: string;
  titleId: string;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onPublished: (release: Release) => void;
}

function NewVersionForm({ productId, titleId, onBusy, onCancel, onPublished }: NewVersionFormProps) {
  const prefix = useId();
  const [draft, setDraft] = useState<ReleaseDraft>(EMPTY_DRAFT);
  // Fields whose message shows: those wrong at a submit. Each is checked again on every change,
  // so its message goes as soon as the entry is right.
  const [flagged, setFlagged] = useState<ReadonlySet<DraftField>>(new Set());
  const checked = checkDraft(draft);
  const publish = usePublishRelease();
  const { formRef, refused } = useRevealFirstError(isAbortError(publish.error) ? null : publish.error);
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // Set while a request is under way: a second submit before the next render sends nothing.
  const abortRef = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const idOf = (field: DraftField) => `${prefix}-${field}`;

  function update<F extends DraftField>(field: F, value: ReleaseDraft[F]) {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  function send(release: ValidRelease) {
    const abort = new AbortController();
    abortRef.current = abort;
    setCancelled(false);
    setProgress(0);
    onBusy(true);
    publish.mutate(
      { productId, body: toFormData(release), signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: onPublished,
        onError: (error) => setCancelled(isAbortError(error)),
        onSettled: () => {
          abortRef.current = null;
          setProgress(null);
          onBusy(false);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (abortRef.current) return;
    const { release, errors } = checked;
    if (errors) {
      const wrong = FIELD_ORDER.filter((field) => errors[field] !== undefined);
      setFlagged(new Set(wrong));
      refused();
      return;
    }
    send(release);
  }

  const fieldProps = (field: DraftField) => ({ id: idOf(field), error: flagged.has(field) ? checked.errors?.[field] : undefined });
  const serverError = publish.error && !isAbortError(publish.error) ? publish.error.message : null;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <Modal.Body>
        <fieldset disabled={uploading}>
          <Field {...fieldProps('version')} label="Version" required>
            {(control) => (
              <input
                {...control}
                type="text"
                placeholder="1.1.0"
                autoComplete="off"
                value={draft.version}
                onChange={(event) => update('version', event.target.value)}
              />
            )}
          </Field>
          <Field {...fieldProps('engineVersion')} label="Engine version">
            {(control) => (
              <input
                {...control}
                type="text"
                placeholder="Unity 2022.3 LTS"
                value={draft.engineVersion}
                onChange={(event) => update('engineVersion', event.target.value)}
              />
            )}
          </Field>
          <ChangelogField {...fieldProps('changelog')} onChange={(html) => update('changelog', html)} />
          <Field {...fieldProps('sourceCode')} label="Archive" required>
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".zip,application/zip"
                onChange={(event) => update('sourceCode', event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
        </fieldset>
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch">
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={uploading}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={uploading} aria-busy={uploading}>
            {uploading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Publish version
          </button>
        </div>
        {/* Below the buttons: nothing slides under the pointer of a double-clicked Publish. */}
        {progress !== null && <UploadProgress fraction={progress} onCancel={() => abortRef.current?.abort()} />}
        <FormError message={serverError} className="mb-0" />
        {cancelled && <output className="d-block text-secondary mb-0">Upload cancelled. Your entries are kept.</output>}
      </Modal.Footer>
    </form>
  );
}

/** The id and ARIA state a field gives its control. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  required?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled native input with its message underneath. */
function Field({ id, label, error, required = false, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
        <RequiredStar show={required} />
      </label>
      {children({
        id,
        className: `form-control${error ? ' is-invalid' : ''}`,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface ChangelogFieldProps {
  id: string;
  error: string | undefined;
  onChange: (html: string) => void;
}

/** The editing area is a contenteditable div, so it points at its label by aria-labelledby. */
function ChangelogField({ id, error, onChange }: ChangelogFieldProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <div className="form-label" id={labelId}>
        Changelog
        <RequiredStar show />
      </div>
      <RichTextEditor
        id={id}
        labelledBy={labelId}
        describedBy={error ? errorId : undefined}
        invalid={error !== undefined}
        required
        // The editor is uncontrolled: the form mounts with an empty changelog and hears each change.
        defaultValue=""
        onChange={onChange}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function RequiredStar({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  );
}
