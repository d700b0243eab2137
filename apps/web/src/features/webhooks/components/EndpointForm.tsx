import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointBodySchema,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useCreateEndpoint } from '../api/createEndpoint';

/** Events a seller subscribes to; `webhook.test` comes from the test button alone. */
export const SUBSCRIBABLE_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

interface EndpointFormProps {
  /** Told the endpoint made (with its secret), or null when the seller cancels. */
  onDone: (made: WebhookEndpointWithSecret | null) => void;
}

type Field = 'url' | 'events';

/** A new endpoint: its address and the events it hears, checked here as the server checks them. */
export function EndpointForm({ onDone }: EndpointFormProps) {
  const ids = useId();
  const urlInput = useRef<HTMLInputElement>(null);
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.paid']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // Opened by a button: the address is what comes first.
  useEffect(() => urlInput.current?.focus(), []);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((one) => one !== type)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = webhookEndpointBodySchema.safeParse({ url, events });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'events' ? 'events' : 'url';
        found[field] ??= issue.message;
      }
      setErrors(found);
      (found.url ? urlInput.current : document.getElementById(`${ids}-events-0`))?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onDone });
  };

  const urlError = errors.url;
  return (
    <form className="webhook-form" noValidate onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h5">
        New endpoint
      </h2>
      <div className="mb-3">
        <label htmlFor={`${ids}-url`} className="form-label">
          Address
        </label>
        <input
          ref={urlInput}
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          className={`form-control ${urlError ? 'is-invalid' : ''}`}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={urlError ? true : undefined}
          // The error, when there is one, is read before the hint, as it is shown.
          aria-describedby={`${urlError ? `${ids}-url-error ` : ''}${ids}-url-hint`}
        />
        {urlError && (
          <p id={`${ids}-url-error`} className="invalid-feedback d-block">
            {urlError}
          </p>
        )}
        <p id={`${ids}-url-hint`} className="form-text">
          Where we POST each event, e.g. https://example.com/webhooks. Must be reachable from the internet.
        </p>
      </div>
      <fieldset className="mb-3" aria-describedby={errors.events ? `${ids}-events-error` : undefined}>
        <legend className="form-label fs-6">Events</legend>
        {SUBSCRIBABLE_EVENTS.map((type, index) => (
          <div className="form-check" key={type}>
            <input
              id={`${ids}-events-${index}`}
              className="form-check-input"
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${ids}-events-${index}`}>
              <code>{type}</code> <span className="text-secondary">{WEBHOOK_EVENT_LABELS[type]}</span>
            </label>
          </div>
        ))}
        {errors.events && (
          <p id={`${ids}-events-error`} className="invalid-feedback d-block">
            {errors.events}
          </p>
        )}
      </fieldset>
      <FormError message={create.error?.message} className="mb-2" />
      <div className="d-flex gap-2">
        <SubmitButton pending={create.isPending}>Add endpoint</SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
