import { Link } from 'react-router';
import { apiPath, API_PATHS, type Licence } from '@market/contracts';
import { LicenceTerms } from '@/components/LicenceTerms';
import { EmptyState, QueryView } from '@/components/query-view';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useLicence } from '../api/licences';
import { AdminLicenceControls } from './AdminLicenceControls';
import { RegisteredApps } from './RegisteredApps';
import { LicenceStatusBadge } from './StatusBadge';
import '../certificate.css';

interface LicenceCertificateProps {
  code: string;
  /** Where "Back" leads: the buyer's licences, or the admin's lookup. */
  backTo: { path: string; label: string };
  /** Shows an admin's controls under the certificate (never printed). */
  manage?: boolean;
}

/** /userPanel/licences/{code}: the certificate, laid out to print on one A4 or Letter page. */
export function LicenceCertificate({ code, backTo, manage = false }: LicenceCertificateProps) {
  const query = useLicence(code);
  return (
    <>
      <p className="d-print-none">
        <Link to={backTo.path}>← {backTo.label}</Link>
      </p>
      {query.error instanceof ApiError && query.error.status === 404 ? (
        // Asking again would find nothing: say so, without a Try again.
        <EmptyState>
          <p className="mb-0">No licence has this purchase code, or it is not yours to see. Check the code and try the link again.</p>
        </EmptyState>
      ) : (
        <QueryView query={query} loadingLabel="Loading the licence…">
          {(licence) => (
            <>
              <Certificate licence={licence} />
              <div className="certificate-actions d-print-none">
                <button type="button" className="btn btn-primary" onClick={() => window.print()}>
                  Print
                </button>
                <a
                  className="btn btn-outline-primary"
                  href={apiPath(API_PATHS.licence.certificate, { code: licence.purchaseCode })}
                  download
                >
                  Download PDF
                </a>
              </div>
              {manage && <AdminLicenceControls licence={licence} />}
            </>
          )}
        </QueryView>
      )}
    </>
  );
}

function Certificate({ licence }: { licence: Licence }) {
  return (
    <article className="certificate" aria-labelledby="certificate-title">
      <p className="certificate-brand">Source Code Marketplace</p>
      <h2 id="certificate-title" className="certificate-title">
        Licence certificate
      </h2>
      <p className="certificate-lead">
        {licence.status === 'Active'
          ? 'This certifies that the licensee below holds the licence described.'
          : 'This licence has been revoked: the licensee below no longer holds the rights described.'}
      </p>
      <dl className="certificate-facts">
        <dt>Licensee</dt>
        <dd className="certificate-licensee">{licence.buyer.name}</dd>
        <dt>Product</dt>
        <dd>{licence.product.title}</dd>
        <dt>Licence</dt>
        <dd>
          {licence.licenseType} <LicenceStatusBadge status={licence.status} />
          {licence.revokedReason && <span className="d-block small text-danger">Revoked: {licence.revokedReason}</span>}
        </dd>
        <dt>Purchase date</dt>
        <dd>
          <time dateTime={licence.purchasedAt}>{formatDate(licence.purchasedAt)}</time>
        </dd>
        <dt>Purchase code</dt>
        <dd>
          <code className="certificate-code">{licence.purchaseCode}</code>
        </dd>
      </dl>
      <h3 className="h6">Registered apps</h3>
      <RegisteredApps licence={licence} />
      <LicenceTerms license={licence.licenseType} open />
      <p className="certificate-footnote">
        A seller can check this code with the marketplace’s verify API; a revoked licence no longer verifies as valid.
      </p>
    </article>
  );
}
