import { useState } from 'react';
import type { ArchiveCheck } from '@market/contracts';
import { useArchiveChecks } from '../api/archiveChecks';
import { AnalysisProgressBar } from './AnalysisProgressBar';
import { SellerWarningList } from './SellerWarningList';
import '../inside.css';

interface ArchiveCheckNoteProps {
  productId: string;
  /** Fold the secrets under their count, to keep a table's rows short; open where the note is all there is to read. */
  foldWarnings?: boolean;
}

/**
 * What the analysis of a product's newest archive says, for its seller's and the admins' lists:
 * Analysing…, the refusal, or each secret found with what to do. Nothing for products it does not cover.
 */
export function ArchiveCheckNote({ productId, foldWarnings = true }: ArchiveCheckNoteProps) {
  const query = useArchiveChecks();
  const check = query.data?.find((entry) => entry.productId === productId);
  // Only a note seen analysing announces its result: a list of finished checks stays quiet on load.
  const [seenAnalysing, setSeenAnalysing] = useState(false);
  if (check?.status === 'analysing' && !seenAnalysing) setSeenAnalysing(true);
  return (
    <div className="archive-check" aria-live={seenAnalysing ? 'polite' : undefined}>
      {check ? <CheckText check={check} foldWarnings={foldWarnings} /> : null}
    </div>
  );
}

function CheckText({ check, foldWarnings }: { check: ArchiveCheck; foldWarnings: boolean }) {
  const version = `Archive of version ${check.version}`;
  if (check.status === 'analysing') {
    return (
      <p className="archive-check-analysing mb-0">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" /> {version}: Analysing…
        {check.progress && (
          <>
            {' '}
            <AnalysisProgressBar progress={check.progress} />
          </>
        )}
      </p>
    );
  }
  if (check.status === 'refused')
    return <p className="archive-check-refused mb-0">{`${version} was not analysed: ${check.reason ?? ''}`}</p>;
  if (check.warnings.length === 0) {
    return (
      <>
        <p className="archive-check-clean mb-0">{version}: no secrets found.</p>
        <CheckFacts check={check} />
      </>
    );
  }
  const count = `${version}: ${check.warnings.length} ${check.warnings.length === 1 ? 'secret' : 'secrets'} to remove`;
  return (
    <>
      <details className="archive-check-warned" open={!foldWarnings}>
        <summary>{count}</summary>
        <SellerWarningList warnings={check.warnings} label={`${version}: secrets found`} />
      </details>
      <CheckFacts check={check} />
    </>
  );
}

const COPYLEFT_WORDS = { strong: 'copyleft', weak: 'weak copyleft' } as const;

/** The engine and the licences found, so a seller or an admin sees a GPL before buyers do. */
function CheckFacts({ check }: { check: ArchiveCheck }) {
  if (!check.engine && check.licences.length === 0) return null;
  const licences = check.licences.map((licence) =>
    licence.copyleft ? `${licence.spdx ?? 'unrecognised'} (${COPYLEFT_WORDS[licence.copyleft]})` : (licence.spdx ?? 'unrecognised'),
  );
  return (
    <p className="archive-check-facts small text-secondary mb-0">
      {check.engine ?? 'No engine recognised'} · {licences.length === 0 ? 'no licence file' : `Licences: ${licences.join(', ')}`}
      {check.licences.some((licence) => licence.copyleft === 'strong') && <span className="badge text-bg-warning ms-2">Copyleft</span>}
    </p>
  );
}
