/** The server's message in red; renders nothing when there is none. */
export function FormError({ message, className = '', id }: { message: string | null | undefined; className?: string; id?: string }) {
  if (!message) return null;
  return (
    // Focusable, so a form can move focus to a message that names no field (revealFirstError).
    <p id={id} role="alert" tabIndex={-1} className={`form-error text-danger ${className}`}>
      {message}
    </p>
  );
}
