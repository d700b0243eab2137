import { MODERATION_ACTION_LABELS, type ModerationState } from '@market/contracts';
import { formatDate } from '@/lib/format';

/**
 * Under a seller's status: the reason and note of the last decision that asked
 * something of them, and whether an edit of the live listing waits for an admin.
 */
export function ModerationNote({ moderation }: { moderation: ModerationState | undefined }) {
  if (!moderation) return null;
  const decision = moderation.lastDecision;
  const explains = decision && (decision.reason !== null || decision.note !== '');
  if (!explains && !moderation.pendingChangeAt) return null;
  return (
    <div className="small mt-1 moderation-reason">
      {moderation.pendingChangeAt && <p className="mb-1 text-secondary">Your changes are waiting for review.</p>}
      {explains && (
        <>
          <p className="mb-0">
            <span className="fw-semibold">{MODERATION_ACTION_LABELS[decision.action]}</span> on {formatDate(decision.decidedAt)}
          </p>
          {decision.reason && (
            <p className="mb-0">
              <span className="fw-semibold">Reason:</span> {decision.reason}
            </p>
          )}
          {decision.note && (
            <p className="mb-0 text-break">
              <span className="fw-semibold">Note:</span> {decision.note}
            </p>
          )}
        </>
      )}
    </div>
  );
}
