import { useId, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { CONTACT_REQUIRED_MESSAGE, CONTACT_SENT_MESSAGE, type ContactBody } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useSendContact } from '../api/sendContact';

const FIELDS: { name: keyof ContactBody; label: string; type?: string; autoComplete?: string; multiline?: boolean }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  { name: 'message', label: 'Message', multiline: true },
];

/**
 * docs/product-spec.md §2.7 contact form: every field required ('Field with * should be filled'). Each empty
 * field is also marked invalid with its own message, and focus goes to the first (WCAG 3.3.1).
 */
export function ContactForm() {
  const send = useSendContact();
  const id = useId();
  const [missing, setMissing] = useState<ReadonlySet<keyof ContactBody>>(new Set());
  const [sent, setSent] = useState(false);
  const { formRef, refused } = useRevealFirstError(send.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: keyof ContactBody) => String(data.get(name) ?? '').trim();
    const body: ContactBody = { name: value('name'), email: value('email'), companyName: value('companyName'), message: value('message') };
    setSent(false);
    const empty = FIELDS.filter((field) => body[field.name] === '');
    setMissing(new Set(empty.map((field) => field.name)));
    if (empty.length > 0) {
      refused();
      return;
    }
    send.mutate(body, {
      onSuccess: () => {
        form.reset();
        setSent(true);
      },
    });
  }

  return (
    // The form checks itself so the page's own message shows instead of the browser's bubble.
    <form ref={formRef} onSubmit={handleSubmit} aria-label="Contact us" noValidate className="contact-form">
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`;
        const invalid = missing.has(field.name);
        const common = {
          id: inputId,
          name: field.name,
          className: `form-control${invalid ? ' is-invalid' : ''}`,
          'aria-required': true as const,
          'aria-invalid': invalid || undefined,
          'aria-describedby': invalid ? `${inputId}-error` : undefined,
          onInput: () => {
            if (invalid) setMissing((current) => new Set([...current].filter((name) => name !== field.name)));
          },
        };
        return (
          <div className="mb-3" key={field.name}>
            <label className="form-label" htmlFor={inputId}>
              {field.label}
              <span className="required-star" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            {field.multiline ? (
              <textarea {...common} rows={5} maxLength={5000} />
            ) : (
              <input
                {...common}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                maxLength={field.name === 'email' ? 254 : 120}
              />
            )}
            {invalid && (
              <p className="invalid-feedback d-block mb-0" id={`${inputId}-error`}>
                Enter your {field.label.toLowerCase()}.
              </p>
            )}
          </div>
        );
      })}
      <SubmitButton pending={send.isPending}>Send Message</SubmitButton>
      <FormError message={missing.size > 0 ? CONTACT_REQUIRED_MESSAGE : send.error?.message} className="mt-3" />
      <output className="d-block mt-3">{sent && <p className="alert alert-success mb-0">{CONTACT_SENT_MESSAGE}</p>}</output>
    </form>
  );
}
