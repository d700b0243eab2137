import { useState, type ReactNode } from 'react';
import type { InsideAnswer, InsideReport } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { formatBytes, formatDayUtc } from '@/lib/format';
import { useProductInside } from '../api/productInside';
import { AnalysisProgressBar } from './AnalysisProgressBar';
import { formatCount } from '../overview';
import { EngineTable } from './EngineTable';
import { FileTree } from './FileTree';
import { LanguageBar } from './LanguageBar';
import { LicenceList } from './LicenceList';
import { ManifestList } from './ManifestList';
import { SellerWarningList } from './SellerWarningList';
import '../inside.css';

/** The product page's What's inside tab: the analysis of the newest release's archive the viewer may see. */
export default function ProductInside({ productId }: { productId: string }) {
  const query = useProductInside(productId);
  const answer = query.data;
  // Said once the polling turns up a result, so a screen reader hears that the wait is over.
  const [sawAnalysing, setSawAnalysing] = useState(false);
  if (answer?.status === 'analysing' && !sawAnalysing) setSawAnalysing(true);

  return (
    <div className="inside-report">
      <output className={answer?.status === 'analysing' ? 'inside-analysing' : 'visually-hidden'}>
        {answer?.status === 'analysing' ? (
          <>
            <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Analysing… The archive of this release is being
            checked; this tab updates by itself.
            {answer.progress && <AnalysisProgressBar progress={answer.progress} />}
          </>
        ) : answer && sawAnalysing ? (
          'The analysis is finished.'
        ) : null}
      </output>
      <QueryView query={query} loadingLabel="Loading what’s inside…">
        {(data) => <AnswerView answer={data} />}
      </QueryView>
    </div>
  );
}

function AnswerView({ answer }: { answer: InsideAnswer }) {
  if (answer.status === 'analysing') return null;
  if (answer.status === 'refused') {
    // Only the owner and admins get the reason, with what to do; buyers can still buy the product.
    return answer.reason === null ? (
      <p className="inside-refused">The archive could not be analysed.</p>
    ) : (
      <p className="inside-refused">This archive was not analysed: {answer.reason}</p>
    );
  }
  return <ReportView report={answer} />;
}

function ReportView({ report }: { report: InsideReport }) {
  return (
    <>
      {report.warnings !== null && <OwnerWarnings warnings={report.warnings} />}
      <InsideSection title="Engine and SDKs">
        <EngineTable engines={report.engines} />
      </InsideSection>
      <InsideSection title="Languages">
        <LanguageBar languages={report.languages} vendored={report.vendored} documentation={report.documentation} />
      </InsideSection>
      <InsideSection title="Licences">
        <LicenceList licences={report.licences} declared={report.declaredLicences} />
      </InsideSection>
      <InsideSection title="Dependencies">
        <ManifestList manifests={report.manifests} />
      </InsideSection>
      <InsideSection title="Files">
        <p>
          {formatCount(report.files.count)} {report.files.count === 1 ? 'file' : 'files'} in {formatCount(report.files.folders)}{' '}
          {report.files.folders === 1 ? 'folder' : 'folders'}, {formatBytes(report.files.totalBytes)} unpacked. Arrow keys move through the
          tree; Right opens a folder, Left closes it.
        </p>
        <FileTree key={report.releaseId} paths={report.files.paths} sizes={report.files.sizes} label="Files in the archive" />
      </InsideSection>
      <p className="small text-secondary mt-3 mb-0">
        Analysed <time dateTime={report.analysedAt}>{formatDayUtc(report.analysedAt)}</time>.
      </p>
    </>
  );
}

/** Only the owner and admins get `warnings`; an empty list is good news worth saying. */
function OwnerWarnings({ warnings }: { warnings: NonNullable<InsideReport['warnings']> }) {
  if (warnings.length === 0) {
    return <p className="inside-clean">Only you and the admins see this: no keys or secrets were found in the archive.</p>;
  }
  return (
    <section className="inside-owner-warnings" aria-labelledby="inside-warnings-title">
      <h2 id="inside-warnings-title" className="inside-heading">
        Fix before buyers download it
      </h2>
      <p className="small mb-2">Only you and the admins see this.</p>
      <SellerWarningList warnings={warnings} label="Secrets found in the archive" />
    </section>
  );
}

function InsideSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="inside-section" aria-label={title}>
      <h2 className="inside-heading">{title}</h2>
      {children}
    </section>
  );
}
