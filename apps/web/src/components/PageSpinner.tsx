export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <output className="page-spinner" aria-live="polite">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </output>
  );
}
