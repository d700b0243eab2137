/** The server's message in red; renders nothing when there is none. */
export function FormError({ message, className = '', id }: { message: string | null | undefined; className?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`form-error text-danger ${className}`}>
      {message}
    </p>
  );
}
