import type { DeclaredLicence, InsideLicence } from '@market/contracts';

const COPYLEFT_BADGE = { strong: 'Copyleft', weak: 'Weak copyleft' } as const;

/**
 * Licence files by the SPDX licence their text matches, with how near; copyleft ones marked for the
 * buyer's own code. Then what the manifests declare, and where a licence file says otherwise.
 */
export function LicenceList({ licences, declared }: { licences: readonly InsideLicence[]; declared: readonly DeclaredLicence[] }) {
  const strong = licences.some((licence) => licence.copyleft === 'strong');
  const weak = licences.some((licence) => licence.copyleft === 'weak');
  return (
    <>
      {licences.length === 0 ? (
        <p>No licence file found in the archive.</p>
      ) : (
        <ul className="inside-licences" aria-label="Licence files">
          {licences.map((licence) => (
            <li key={licence.file}>
              <code className="inside-path">{licence.file}</code>:{' '}
              {licence.spdx === null ? (
                'Unrecognised'
              ) : (
                <>
                  <strong>{licence.spdx}</strong>{' '}
                  <span className="text-secondary small">
                    ({licence.name}, {licence.confidence}% match)
                  </span>
                </>
              )}
              {licence.copyleft && <span className="badge text-bg-warning ms-2">{COPYLEFT_BADGE[licence.copyleft]}</span>}
            </li>
          ))}
        </ul>
      )}
      {strong && <p className="small text-secondary mb-1">Copyleft: code built on it may have to be released under the same licence.</p>}
      {weak && (
        <p className="small text-secondary mb-1">
          Weak copyleft: changes to the files under it must be shared; your own code may stay closed.
        </p>
      )}
      {declared.length > 0 && (
        <ul className="inside-licences inside-declared" aria-label="Licences the manifests declare">
          {declared.map((entry) => (
            <li key={entry.file}>
              <code className="inside-path">{entry.file}</code> declares <strong>{entry.declared}</strong>
              {entry.agrees === false && (
                <span className="inside-disagrees">
                  {' '}
                  — but the licence file says {entry.comparedWith.join(', ')}
                  <span className="badge text-bg-danger ms-2">Disagrees</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
