import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { API_PATHS, apiPath, type Release, productPagePath } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { isEmptyList, QueryView } from '@/components/query-view';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { formatBytes, formatDateTime } from '@/lib/format';
import { type ReleaseDecision, useModerateRelease } from '../api/moderateRelease';
import { usePendingReleases } from '../api/pendingReleases';
import { type ReleaseProductState, useReleaseProducts } from '../api/releaseProducts';
import '../pendingReleases.css';

type RowFocus = ReturnType<typeof useFocusAfterRowLeaves>;

/** The admin's review of new versions: read the changelog, fetch the archive, approve or reject. */
export function PendingReleases() {
  const query = usePendingReleases();
  const releases = query.data ?? [];
  const products = useReleaseProducts(releases.map((release) => release.productId));
  const rowFocus = useFocusAfterRowLeaves(releases.map((release) => release._id));
  return (
    <section aria-labelledby="pending-releases-heading">
      <h2 id="pending-releases-heading" className="h4">
        Pending versions
      </h2>
      <QueryView
        query={query}
        isEmpty={isEmptyList}
        loadingLabel="Loading pending versions…"
        empty={<p className="mb-0">No pending versions</p>}
      >
        {(pending) => (
          <ul className="pending-release-list">
            {pending.map((release) => (
              <PendingRelease key={release._id} release={release} product={products.get(release.productId)} rowFocus={rowFocus} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

interface PendingReleaseProps {
  release: Release;
  product: ReleaseProductState | undefined;
  rowFocus: RowFocus;
}

function PendingRelease({ release, product, rowFocus }: PendingReleaseProps) {
  // Names the row and describes its buttons: one product may wait with two versions.
  const titleId = `pending-release-${release._id}`;
  return (
    <li className="pending-release" data-row-id={release._id} aria-labelledby={titleId}>
      <h3 id={titleId} className="h6 mb-1 text-break">
        <ProductName state={product} /> <span className="fw-normal text-secondary">version {release.version}</span>
      </h3>
      <ReleaseFacts release={release} />
      <Changelog html={release.changelog} titleId={titleId} />
      <ReviewActions release={release} titleId={titleId} rowFocus={rowFocus} />
    </li>
  );
}

function ProductName({ state }: { state: ReleaseProductState | undefined }) {
  if (state?.product) return <Link to={productPagePath(state.product.slug)}>{state.product.title}</Link>;
  return <span className="text-secondary">{state?.isPending === false ? 'Product unavailable' : 'Loading product…'}</span>;
}

function ReleaseFacts({ release }: { release: Release }) {
  return (
    <dl className="pending-release-facts">
      <div>
        <dt>Engine</dt>
        <dd>{release.engineVersion ?? 'Not stated'}</dd>
      </div>
      <div>
        <dt>Submitted</dt>
        <dd>
          <time dateTime={release.createdAt}>{formatDateTime(release.createdAt)}</time>
        </dd>
      </div>
      <div>
        <dt>Size</dt>
        <dd>{formatBytes(release.sizeBytes)}</dd>
      </div>
    </dl>
  );
}

/** Folded, so a long changelog does not push the next release off a phone's screen. */
function Changelog({ html, titleId }: { html: string; titleId: string }) {
  if (!html) return <p className="small text-secondary">No changelog given</p>;
  return (
    <details className="pending-release-changelog">
      <summary aria-describedby={titleId}>Changelog</summary>
      {/* Sanitised on the server before it was stored. */}
      <div className="rich-text text-break mt-2" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}

interface ReviewActionsProps {
  release: Release;
  titleId: string;
  rowFocus: RowFocus;
}

function ReviewActions({ release, titleId, rowFocus }: ReviewActionsProps) {
  const moderate = useModerateRelease();
  const deciding = moderate.isPending ? moderate.variables.decision : undefined;
  const refused = moderate.isError ? moderate.variables.decision : undefined;
  const approveButton = useRef<HTMLButtonElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);

  // The row leaves once decided and focus moves on with it; a refusal keeps the row, so focus
  // returns to the button (disabled while waiting, it had dropped focus).
  const { stays } = rowFocus;
  useEffect(() => {
    if (!refused) return;
    stays();
    (refused === 'approve' ? approveButton : rejectButton).current?.focus();
  }, [refused, stays]);

  const decide = (decision: ReleaseDecision) => {
    rowFocus.willLeave(release._id, decision);
    moderate.mutate({ releaseId: release._id, decision });
  };
  const buttonProps = { titleId, busy: deciding !== undefined, onDecide: decide };

  return (
    <div className="pending-release-actions">
      <DecisionButton {...buttonProps} decision="approve" waiting={deciding === 'approve'} buttonRef={approveButton} />
      <DecisionButton {...buttonProps} decision="reject" waiting={deciding === 'reject'} buttonRef={rejectButton} />
      <a className="btn btn-sm btn-outline-secondary" href={archivePath(release)} aria-describedby={titleId} download>
        Archive
      </a>
      <FormError message={moderate.error?.message} className="w-100 small mb-0" />
    </div>
  );
}

const DECISION_LOOK: Record<ReleaseDecision, { label: string; className: string }> = {
  approve: { label: 'Approve', className: 'btn btn-sm btn-success' },
  reject: { label: 'Reject', className: 'btn btn-sm btn-outline-warning text-body' },
};

interface DecisionButtonProps {
  decision: ReleaseDecision;
  titleId: string;
  /** Either decision is on its way: both buttons wait. */
  busy: boolean;
  /** This decision is on its way. */
  waiting: boolean;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onDecide: (decision: ReleaseDecision) => void;
}

function DecisionButton({ decision, titleId, busy, waiting, buttonRef, onDecide }: DecisionButtonProps) {
  const { label, className } = DECISION_LOOK[decision];
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      aria-describedby={titleId}
      data-row-action={decision}
      disabled={busy}
      aria-busy={waiting}
      onClick={() => onDecide(decision)}
    >
      {label}
    </button>
  );
}

/** The archive exactly as submitted with this release, streamed to admins and the owner. */
function archivePath(release: Release): string {
  const query = new URLSearchParams({ release: release._id });
  return `${apiPath(API_PATHS.product.sourceCode, { id: release.productId })}?${query.toString()}`;
}
