import { STUDIO_ROLE_LABELS } from '@market/contracts';
import { useMyStudios } from '../api/myStudios';

/** Over the user panel while the session acts for a studio: whose panel this is and with which role. */
export function ActingBanner() {
  const acting = useMyStudios().data?.acting;
  if (!acting) return null;
  return (
    <div className="container">
      <p className="alert alert-info studio-acting mt-3 mb-0">
        You act for <strong>{acting.name}</strong> as {STUDIO_ROLE_LABELS[acting.role]}. Choose “Yourself” under “Act as” in the header’s
        menu to use your own account.
      </p>
    </div>
  );
}
