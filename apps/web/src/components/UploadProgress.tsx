import './upload-progress.css';

interface UploadProgressProps {
  /** Uploaded fraction, 0 to 1. */
  fraction: number;
  onCancel: () => void;
}

/** The progress bar shown while the files travel; at 100% the server is still processing. */
export function UploadProgress({ fraction, onCancel }: UploadProgressProps) {
  const percent = Math.min(100, Math.max(0, Math.round(fraction * 100)));
  const text = percent >= 100 ? 'Upload complete, processing…' : `Uploading… ${percent}%`;
  // Screen readers hear quarter steps, not every percent.
  const announced = percent >= 100 ? text : `Uploading… ${Math.floor(percent / 25) * 25}%`;
  return (
    <div className="upload-progress">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-1">
        <span aria-hidden="true">{text}</span>
        <span className="visually-hidden" aria-live="polite">
          {announced}
        </span>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
          Cancel upload
        </button>
      </div>
      <progress className="upload-progress-bar" aria-label="Upload progress" value={percent} max={100}>
        {percent}%
      </progress>
    </div>
  );
}
