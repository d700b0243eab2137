import type { InsideManifest } from '@market/contracts';
import { formatCount } from '../overview';

/** Dependency manifests, each folding open to its packages. */
export function ManifestList({ manifests }: { manifests: readonly InsideManifest[] }) {
  if (manifests.length === 0) return <p>No dependency manifest found in the archive.</p>;
  return (
    <div className="inside-manifests">
      {manifests.map((manifest) => (
        <details key={manifest.file} className="inside-manifest">
          <summary>
            <code className="inside-path">{manifest.file}</code> · {manifest.kind} · {formatCount(manifest.packages.length)}{' '}
            {manifest.packages.length === 1 ? 'package' : 'packages'}
          </summary>
          {manifest.packages.length > 0 && (
            <ul className="inside-packages">
              {manifest.packages.map((entry) => (
                <li key={`${entry.name}@${entry.version}`}>
                  <code>{entry.name}</code> {entry.version}
                  {entry.locked !== undefined && entry.locked !== entry.version && (
                    <span className="text-secondary"> (locked at {entry.locked})</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </details>
      ))}
    </div>
  );
}
