import { useEffect, useState } from 'react';
import type { Licence, RegisteredApp } from '@market/contracts';
import { formatDate } from '@/lib/format';
import { useClearApp } from '../api/clearApp';
import { EditAppForm } from './EditAppForm';
import { ReasonDialog } from './ReasonDialog';

interface RegisteredAppsProps {
  licence: Licence;
  /** The buyer may correct names and store addresses. */
  editable?: boolean;
  /** An admin may clear a registration. */
  clearable?: boolean;
  /** Where the focus goes once a cleared app's row is gone. */
  onCleared?: () => void;
}

/** The apps a licence is used in; an empty list says so. */
export function RegisteredApps({ licence, editable = false, clearable = false, onCleared }: RegisteredAppsProps) {
  const [editing, setEditing] = useState<string | null>(null);
  // Leaving an edit gives the focus back to its Edit button.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (returnTo) document.getElementById(`edit-app-${returnTo}`)?.focus();
  }, [returnTo]);
  const [clearing, setClearing] = useState<RegisteredApp | null>(null);
  const clear = useClearApp(licence.purchaseCode);

  if (licence.registeredApps.length === 0) return <p className="text-secondary small mb-2">No app registered yet.</p>;
  return (
    <>
      <ul className="licence-apps">
        {licence.registeredApps.map((app) =>
          editing === app._id ? (
            <li key={app._id}>
              <EditAppForm
                code={licence.purchaseCode}
                app={app}
                onDone={() => {
                  setEditing(null);
                  setReturnTo(app._id);
                }}
              />
            </li>
          ) : (
            <li key={app._id}>
              <span className="fw-semibold text-break">{app.appName}</span> <code className="text-break">{app.bundleId}</code>
              {app.storeUrl && (
                <a className="d-block small text-break" href={app.storeUrl} rel="noopener noreferrer" target="_blank">
                  {app.storeUrl}
                </a>
              )}
              <span className="d-block small text-secondary">Registered {formatDate(app.registeredAt)}</span>
              <span className="d-flex gap-2 mt-1">
                {editable && (
                  <button
                    id={`edit-app-${app._id}`}
                    type="button"
                    className="btn btn-sm btn-link p-0"
                    onClick={() => {
                      setReturnTo(null);
                      setEditing(app._id);
                    }}
                  >
                    Edit<span className="visually-hidden"> {app.appName}</span>
                  </button>
                )}
                {clearable && (
                  <button type="button" className="btn btn-sm btn-link link-danger p-0" onClick={() => setClearing(app)}>
                    Clear<span className="visually-hidden"> {app.appName}</span>
                  </button>
                )}
              </span>
            </li>
          ),
        )}
      </ul>
      {clearable && (
        <ReasonDialog
          show={clearing !== null}
          title={`Clear ${clearing?.appName ?? 'the app'}?`}
          explanation="The licence no longer counts this app, so the buyer can register the app they use now. The registration is kept with your reason."
          confirmLabel="Clear registration"
          pending={clear.isPending}
          error={clear.error?.message}
          onConfirm={(reason) =>
            clearing &&
            clear.mutate(
              { appId: clearing._id, reason },
              {
                onSuccess: () => {
                  setClearing(null);
                  onCleared?.();
                },
              },
            )
          }
          onClose={() => {
            setClearing(null);
            clear.reset();
          }}
        />
      )}
    </>
  );
}
