import { useRef, useState } from 'react';
import type { Licence } from '@market/contracts';
import { useRevokeLicence } from '../api/revokeLicence';
import { ReasonDialog } from './ReasonDialog';
import { RegisteredApps } from './RegisteredApps';

/** What an admin does with a licence: clear a registration for a buyer who changed apps, or revoke it. */
export function AdminLicenceControls({ licence }: { licence: Licence }) {
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeLicence(licence.purchaseCode);
  // The button pressed is gone after the change: the section's heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current?.focus();
  return (
    <section className="d-print-none mt-4" aria-labelledby="licence-admin-title">
      <h2 ref={heading} id="licence-admin-title" className="h5" tabIndex={-1}>
        Manage this licence
      </h2>
      <h3 className="h6">Registered apps</h3>
      <RegisteredApps licence={licence} clearable onCleared={focusHeading} />
      {licence.status === 'Active' ? (
        <button type="button" className="btn btn-outline-danger" onClick={() => setRevoking(true)}>
          Revoke licence
        </button>
      ) : (
        <p className="text-danger">This licence is revoked{licence.revokedReason ? `: ${licence.revokedReason}` : '.'}</p>
      )}
      <ReasonDialog
        show={revoking}
        title="Revoke this licence?"
        explanation="The buyer can no longer download the code or register apps, and sellers’ checks of the code answer not valid. This cannot be undone."
        confirmLabel="Revoke licence"
        pending={revoke.isPending}
        error={revoke.error?.message}
        onConfirm={(reason) =>
          revoke.mutate(reason, {
            onSuccess: () => {
              setRevoking(false);
              focusHeading();
            },
          })
        }
        onClose={() => {
          setRevoking(false);
          revoke.reset();
        }}
      />
    </section>
  );
}
