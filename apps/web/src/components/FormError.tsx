/** The server's message in red; renders nothing when there is none. */
export function FormError({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`form-error text-danger ${className}`}>
      {message}
    </p>
  );
}
