import type { AnalysisProgress } from '@market/contracts';
import { formatCount } from '../overview';

/** How far an analysis under way has read, as a bar and in words: entries read of all. */
export function AnalysisProgressBar({ progress }: { progress: AnalysisProgress }) {
  const words = `${formatCount(progress.read)} of ${formatCount(progress.total)} ${progress.total === 1 ? 'entry' : 'entries'} read`;
  return (
    <span className="analysis-progress">
      <progress value={progress.read} max={Math.max(progress.total, 1)} aria-label="Entries of the archive read" />{' '}
      <span className="analysis-progress-words">{words}</span>
    </span>
  );
}
