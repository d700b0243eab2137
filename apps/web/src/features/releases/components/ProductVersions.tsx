import type { Release } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { formatDayUtc } from '@/lib/format';
import { useProductReleases } from '../api/productReleases';
import '../releases.css';

/** The product page's Versions tab: each approved release with its date, engine and changelog. */
export function ProductVersions({ productId }: { productId: string }) {
  const query = useProductReleases(productId);
  return (
    <QueryView
      query={query}
      loadingLabel="Loading versions…"
      isEmpty={(releases) => releases.length === 0}
      empty={<p className="mb-0">No versions published yet</p>}
    >
      {(releases) => (
        <ol className="release-list" aria-label="Versions, newest first">
          {releases.map((release) => (
            <ReleaseEntry key={release._id} release={release} />
          ))}
        </ol>
      )}
    </QueryView>
  );
}

function ReleaseEntry({ release }: { release: Release }) {
  const shownAt = release.publishedAt ?? release.createdAt;
  return (
    <li className="release-entry">
      <h2 className="release-version">
        Version {release.version}
        {/* Only the owner and admins are sent releases that are not out yet. */}
        {release.status === 'Approved' ? null : <span className="badge text-bg-secondary ms-2">{release.status}</span>}
      </h2>
      <p className="release-meta">
        <time dateTime={shownAt}>{formatDayUtc(shownAt)}</time>
        {release.engineVersion ? ` · ${release.engineVersion}` : null}
      </p>
      {/* Changelogs are sanitised on the server before they are stored. */}
      {release.changelog ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: release.changelog }} /> : null}
    </li>
  );
}
