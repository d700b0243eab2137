import type { InsideLicence } from '@market/contracts';

/** Licence files found and what each text matched; copyleft ones are marked, for the buyer's own code. */
export function LicenceList({ licences }: { licences: readonly InsideLicence[] }) {
  if (licences.length === 0) return <p>No licence file found in the archive.</p>;
  const anyCopyleft = licences.some((licence) => licence.copyleft);
  return (
    <>
      <ul className="inside-licences" aria-label="Licence files">
        {licences.map((licence) => (
          <li key={licence.file}>
            <code className="inside-path">{licence.file}</code>: {licence.spdx ?? 'Unrecognised'}
            {licence.copyleft && <span className="badge text-bg-warning ms-2">Copyleft</span>}
          </li>
        ))}
      </ul>
      {anyCopyleft && (
        <p className="small text-secondary mb-0">Copyleft: code built on it may have to be released under the same licence.</p>
      )}
    </>
  );
}
