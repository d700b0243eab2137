import { productPagePath } from '@market/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Licence } from '@market/contracts';
import { LicenceTerms } from '@/components/LicenceTerms';
import { QueryView } from '@/components/query-view';
import { formatDate } from '@/lib/format';
import { useMyLicences } from '../api/licences';
import { CopyButton } from './CopyButton';
import { RegisteredApps } from './RegisteredApps';
import { RegisterAppForm } from './RegisterAppForm';
import { LicenceStatusBadge } from './StatusBadge';
import { UpgradeLink } from './UpgradeLink';
import '../licences.css';

/** /userPanel/licences: every licence bought, its code, its apps and the way to its certificate. */
export function LicencesList() {
  const query = useMyLicences();
  return (
    <QueryView
      query={query}
      loadingLabel="Loading your licences…"
      isEmpty={(licences) => licences.length === 0}
      empty={
        <p className="mb-0">
          No licences yet. Every product you buy comes with a licence and its purchase code, listed here.{' '}
          <Link to="/browse-game">Browse games</Link>
        </p>
      }
    >
      {(licences) => (
        <ul className="licence-list">
          {licences.map((licence) => (
            <LicenceCard key={licence.purchaseCode} licence={licence} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function LicenceCard({ licence }: { licence: Licence }) {
  // After a registration the form may give way: the apps' heading takes the focus, and says so.
  const appsHeading = useRef<HTMLHeadingElement>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  // The form opens on demand: open on every card, a phone's page of licences ran to 21,000 px.
  const [registering, setRegistering] = useState(false);
  const onRegistered = (appName: string) => {
    setRegistered(appName);
    setRegistering(false);
    appsHeading.current?.focus();
  };
  const titleId = `licence-${licence.purchaseCode}`;
  const formId = `register-app-${licence.purchaseCode}`;
  const active = licence.status === 'Active';
  const singleTaken = licence.licenseType === 'Single App License' && licence.registeredApps.length > 0;
  return (
    <li className="licence-card" aria-labelledby={titleId}>
      <div className="licence-card-head">
        <img className="licence-thumb" src={licence.product.thumbnail} alt="" width={56} height={56} loading="lazy" />
        <div className="flex-grow-1 min-w-0">
          <h2 id={titleId} className="h5 mb-1 text-break">
            <Link to={productPagePath(licence.product.slug)}>{licence.product.title}</Link>
          </h2>
          <p className="mb-0 small">
            {licence.licenseType} · bought <time dateTime={licence.purchasedAt}>{formatDate(licence.purchasedAt)}</time>{' '}
            <LicenceStatusBadge status={licence.status} />
          </p>
        </div>
      </div>
      {!active && licence.revokedReason && <p className="text-danger small mb-2">Revoked: {licence.revokedReason}</p>}
      <div className="licence-code">
        <span className="small text-secondary d-block">Purchase code</span>
        <code className="text-break">{licence.purchaseCode}</code>{' '}
        <CopyButton text={licence.purchaseCode} label={`Copy the purchase code of ${licence.product.title}`} />
      </div>
      <LicenceTerms license={licence.licenseType} />
      <h3 ref={appsHeading} className="h6 mb-1" tabIndex={-1}>
        Registered apps
      </h3>
      <output className="visually-hidden">{registered ? `${registered} is registered to this licence` : ''}</output>
      <RegisteredApps licence={licence} editable={active} />
      {active && !singleTaken && (
        <>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary mb-2"
            aria-expanded={registering}
            aria-controls={formId}
            onClick={() => setRegistering((open) => !open)}
          >
            Register an app<span className="visually-hidden"> for {licence.product.title}</span>
          </button>
          {registering && (
            <div id={formId}>
              <RegisterAppForm code={licence.purchaseCode} productTitle={licence.product.title} onRegistered={onRegistered} focusOnOpen />
            </div>
          )}
        </>
      )}
      {active && singleTaken && (
        <p className="small text-secondary mb-2">
          A Single App License holds one app.
          {licence.upgrade && ' Upgrade it to a Multi App License to use the code in more apps.'}
        </p>
      )}
      <div className="licence-actions">
        <Link className="btn btn-sm btn-outline-primary" to={`/userPanel/licences/${licence.purchaseCode}`} aria-describedby={titleId}>
          Certificate
        </Link>
        <UpgradeLink licence={licence} describedBy={titleId} />
      </div>
    </li>
  );
}
