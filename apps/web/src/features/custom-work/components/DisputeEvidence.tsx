import { useId, useRef, useState, type FormEvent } from 'react';
import { type CustomWork, customWorkEvidenceFieldsSchema, RESKIN_FILE_ACCEPT } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { SubmitButton } from '@/components/SubmitButton';
import { formatBytes, formatDateTimeUtc } from '@/lib/format';
import { evidenceFilePath } from '../api/customWork';
import { useCustomWorkStep } from '../api/writeCustomWork';

/** A dispute's evidence from both sides and the admins, and while it is open, a message with a file to add to it. */
export function DisputeEvidence({ work }: { work: CustomWork }) {
  if (work.evidence.length === 0 && !work.mayAddEvidence) return null;
  return (
    <div className="mt-3">
      <h3 className="h6">Evidence</h3>
      {work.evidence.length === 0 ? (
        <p className="small text-secondary">No evidence yet.</p>
      ) : (
        <ol className="list-unstyled custom-work-evidence">
          {work.evidence.map((piece) => (
            <li key={piece._id}>
              <span className="d-block small text-secondary">
                The {piece.by}, {piece.author} · <time dateTime={piece.createdAt}>{formatDateTimeUtc(piece.createdAt)}</time>
              </span>
              <span className="d-block text-break custom-work-message">{piece.message}</span>
              {piece.file && (
                <a className="small text-break" href={evidenceFilePath(work._id, piece._id)} download>
                  {piece.file.name} ({formatBytes(piece.file.sizeBytes)})
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      {work.mayAddEvidence && <EvidenceForm work={work} />}
    </div>
  );
}

function EvidenceForm({ work }: { work: CustomWork }) {
  const ids = useId();
  const add = useCustomWorkStep(work._id);
  const { formRef, refused } = useRevealFirstError(add.error);
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = customWorkEvidenceFieldsSchema.safeParse({ message });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Say what the evidence shows');
      refused();
      return;
    }
    const form = new FormData();
    form.set('message', checked.data.message);
    const file = fileInput.current?.files?.[0];
    if (file) form.set('fileUpload', file);
    add.mutate(
      { step: 'evidence', form },
      {
        onSuccess: () => {
          setMessage('');
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`} className="custom-work-evidence-form">
      <h4 id={`${ids}-title`} className="visually-hidden">
        Add evidence
      </h4>
      <label htmlFor={`${ids}-message`} className="form-label">
        Your evidence <span aria-hidden="true">*</span>
      </label>
      <textarea
        id={`${ids}-message`}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={5000}
        value={message}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${ids}-error` : `${ids}-hint`}
        onChange={(event) => {
          setMessage(event.target.value);
          setInvalid(null);
          if (add.error) add.reset();
        }}
      />
      {invalid ? (
        <p id={`${ids}-error`} className="invalid-feedback d-block">
          {invalid}
        </p>
      ) : (
        <p id={`${ids}-hint`} className="form-text">
          What the admin should look at. Both sides and the admins read it.
        </p>
      )}
      <label htmlFor={`${ids}-file`} className="form-label">
        File (image, PDF or ZIP, up to 10 MB)
      </label>
      <input id={`${ids}-file`} ref={fileInput} className="form-control mb-2" type="file" name="fileUpload" accept={RESKIN_FILE_ACCEPT} />
      <SubmitButton pending={add.isPending}>Add evidence</SubmitButton>
      <FormError message={add.error?.message} className="mt-2" />
    </form>
  );
}
