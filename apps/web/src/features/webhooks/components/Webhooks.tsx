import { useEffect, useRef, useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { useDeleteEndpoint } from '../api/deleteEndpoint';
import { useEndpoints } from '../api/endpoints';
import { useSendTest } from '../api/sendTest';
import { useUpdateEndpoint } from '../api/updateEndpoint';
import { Deliveries } from './Deliveries';
import { EndpointForm } from './EndpointForm';
import { SecretNotice } from './SecretNotice';
import '../webhooks.css';

const LIST_TITLE_ID = 'webhooks-title';
const SECRET_TITLE_ID = 'webhook-secret-title';
const headingIdOf = (endpoint: Pick<WebhookEndpoint, '_id'>) => `webhook-${endpoint._id}`;

/** /userPanel/webhooks: a seller's signed webhook endpoints (docs/decisions/0015) and what was sent to each. */
export function Webhooks() {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  /** Set when the form is cancelled: focus goes back to the button that opened it (a new secret takes it otherwise). */
  const returnFocus = useRef(false);

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    newButton.current?.focus();
  }, [open]);

  const close = (made: WebhookEndpointWithSecret | null) => {
    if (made) setSecret({ url: made.url, secret: made.secret });
    returnFocus.current = made === null;
    setOpen(false);
  };

  return (
    <>
      <p className="webhooks-intro">
        Webhooks tell your own servers when something happens: an order paid, a refund, a new review. Each delivery is signed following{' '}
        <a href="https://www.standardwebhooks.com" rel="noreferrer" target="_blank">
          Standard Webhooks
        </a>
        , so any of its libraries verifies it, and a receiver that fails is retried for about three days.
      </p>
      {secret && (
        <SecretNotice
          // A new secret (another endpoint, a rotation) is a new notice that takes the focus again.
          key={secret.secret}
          url={secret.url}
          secret={secret.secret}
          headingId={SECRET_TITLE_ID}
          onDismiss={() => {
            setSecret(null);
            document.getElementById(LIST_TITLE_ID)?.focus();
          }}
        />
      )}
      {open ? (
        <EndpointForm onDone={close} />
      ) : (
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          Add endpoint
        </button>
      )}
      <h2 id={LIST_TITLE_ID} className="h5 mt-4" tabIndex={-1}>
        Your endpoints
      </h2>
      <EndpointList onSecret={setSecret} />
    </>
  );
}

function EndpointList({ onSecret }: { onSecret: (shown: { url: string; secret: string }) => void }) {
  const query = useEndpoints();
  return (
    <QueryView query={query} loadingLabel="Loading your webhooks…" isEmpty={(list) => list.length === 0} empty="No endpoints yet">
      {(endpoints) => (
        <ul className="webhook-list" aria-labelledby={LIST_TITLE_ID}>
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint._id} endpoint={endpoint} onSecret={onSecret} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function EndpointItem({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (shown: { url: string; secret: string }) => void }) {
  const headingId = headingIdOf(endpoint);
  const deliveriesId = `${headingId}-deliveries`;
  const [showDeliveries, setShowDeliveries] = useState(false);
  const update = useUpdateEndpoint();
  const test = useSendTest();
  const remove = useDeleteEndpoint();
  const error = update.error ?? test.error ?? remove.error;

  return (
    <li className="webhook-item" data-row-id={endpoint._id} aria-labelledby={headingId}>
      <div className="webhook-item-head">
        <h3 id={headingId} className="h6 mb-0 webhook-url" tabIndex={-1}>
          {endpoint.url}
        </h3>
        <span className={`badge ${endpoint.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>{endpoint.enabled ? 'On' : 'Off'}</span>
      </div>
      <p className="small mb-1">
        <span className="visually-hidden">Events: </span>
        {endpoint.events.map((type) => (
          <code key={type} className="me-2">
            {type}
          </code>
        ))}
      </p>
      {endpoint.disabledReason && <p className="small text-secondary mb-1">Off: {endpoint.disabledReason}</p>}
      <div className="webhook-actions">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-describedby={headingId}
          disabled={!endpoint.enabled || test.isPending}
          onClick={() =>
            test.mutate(endpoint._id, {
              onSuccess: () => {
                showNotice('Test event queued');
                setShowDeliveries(true);
              },
            })
          }
        >
          Send test
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-describedby={headingId}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: endpoint._id, enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <ConfirmButton
          // A rotation changes the expiry below: the button starts again from its first step.
          key={endpoint.previousSecretExpiresAt ?? 'never rotated'}
          label="Rotate secret"
          confirmLabel="Yes, rotate"
          describedBy={headingId}
          pending={update.isPending}
          onConfirm={() =>
            update.mutate(
              { id: endpoint._id, rotateSecret: true },
              { onSuccess: (changed) => 'secret' in changed && onSecret({ url: changed.url, secret: changed.secret }) },
            )
          }
        />
        <ConfirmButton
          label="Delete"
          confirmLabel="Yes, delete"
          describedBy={headingId}
          pending={remove.isPending}
          rowAction="remove"
          onConfirm={() =>
            remove.mutate(endpoint._id, {
              onSuccess: () => {
                showNotice('Endpoint deleted');
                document.getElementById(LIST_TITLE_ID)?.focus();
              },
            })
          }
        />
        <button
          type="button"
          className="btn btn-sm btn-link"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </button>
      </div>
      <FormError message={error?.message} className="small mt-1 mb-0" />
      {endpoint.previousSecretExpiresAt && (
        <p className="small text-secondary mb-0">
          The previous secret also signs until {new Date(endpoint.previousSecretExpiresAt).toLocaleString()}.
        </p>
      )}
      <div id={deliveriesId} hidden={!showDeliveries}>
        {showDeliveries && <Deliveries endpointId={endpoint._id} labelledBy={headingId} />}
      </div>
    </li>
  );
}
