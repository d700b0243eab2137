import type { ReactNode } from 'react';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  /** Bootstrap's button colour; one only, since two colour classes mix their text and background. */
  variant?: 'primary' | 'warning' | 'danger';
  className?: string;
  /** Disabled for another reason than a pending request (e.g. a closed chat). */
  disabled?: boolean;
}

/** A submit button that is disabled and spins while its request is pending. */
export function SubmitButton({ pending, children, variant = 'primary', className = '', disabled = false }: SubmitButtonProps) {
  return (
    <button type="submit" className={`btn btn-${variant} ${className}`} disabled={pending || disabled} aria-busy={pending}>
      {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
