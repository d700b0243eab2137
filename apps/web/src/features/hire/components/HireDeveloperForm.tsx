import { useId, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { PLATFORMS, type HireRequestBody, type Platform } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { RichTextEditor } from '@/components/rich-text';
import { useHireDeveloper } from '../api/hireDeveloper';

const TEXT_FIELDS: { name: 'name' | 'email' | 'companyName'; label: string; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'companyName', label: 'Company Name', type: 'text', autoComplete: 'organization' },
];

function RequiredStar() {
  return (
    <span className="required-star" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** docs/product-spec.md §2.7 hire form; the requirements are written in the rich-text editor (loaded on demand). */
export function HireDeveloperForm() {
  const hire = useHireDeveloper();
  const { formRef } = useRevealFirstError(hire.error);
  const id = useId();
  const [requirements, setRequirements] = useState('');
  // The editor is uncontrolled: a new key gives a blank one after a request is sent.
  const [editorKey, setEditorKey] = useState(0);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '');
    const body: HireRequestBody = {
      name: value('name'),
      email: value('email'),
      companyName: value('companyName'),
      platform: value('platform') as Platform,
      requirenments: requirements,
    };
    setSentMessage(null);
    hire.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        setRequirements('');
        setEditorKey((key) => key + 1);
        setSentMessage(answer.message);
      },
    });
  }

  const requirementsLabelId = `${id}-requirements-label`;
  return (
    <form ref={formRef} onSubmit={handleSubmit} aria-label="Hire a developer" className="hire-form">
      <div className="row g-3">
        {TEXT_FIELDS.map((field) => (
          <div className="col-md-6" key={field.name}>
            <label className="form-label" htmlFor={`${id}-${field.name}`}>
              {field.label}
              <RequiredStar />
            </label>
            <input
              className="form-control"
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.name === 'email' ? 254 : 120}
              required
            />
          </div>
        ))}
        <div className="col-md-6">
          <label className="form-label" htmlFor={`${id}-platform`}>
            Platform
            <RequiredStar />
          </label>
          <select className="form-select" id={`${id}-platform`} name="platform" required defaultValue="">
            <option value="" disabled>
              Choose a platform
            </option>
            {PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12">
          <span className="form-label d-block" id={requirementsLabelId}>
            Requirements
            <RequiredStar />
          </span>
          <RichTextEditor
            key={editorKey}
            id={`${id}-requirements`}
            labelledBy={requirementsLabelId}
            required
            defaultValue=""
            onChange={setRequirements}
          />
        </div>
      </div>
      <SubmitButton pending={hire.isPending} className="mt-3">
        Submit Request
      </SubmitButton>
      {/* docs/product-spec.md §8: the server's message in red under the form, cleared on success. */}
      <FormError message={hire.error?.message} className="mt-3" />
      <output className="d-block mt-3">{sentMessage && <p className="alert alert-success mb-0">{sentMessage}</p>}</output>
    </form>
  );
}
