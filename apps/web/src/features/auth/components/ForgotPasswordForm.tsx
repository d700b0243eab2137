import { useId, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { Link } from 'react-router';
import { SubmitButton } from '@/components/SubmitButton';
import { useRequestPasswordReset } from '../api/forgotPassword';

/** Asks for a reset link; the server's answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const { formRef } = useRevealFirstError(request.error);
  const id = useId();
  const errorId = `${id}-email-error`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    request.mutate({ email: String(form.get('email') ?? '') });
  }

  if (request.isSuccess) {
    return (
      <div>
        <output className="d-block mb-3">{request.data}</output>
        <p className="mb-0">
          <Link to="/Login">Back to Login</Link>
        </p>
      </div>
    );
  }

  const error = request.error?.message;
  return (
    <form ref={formRef} onSubmit={handleSubmit} aria-label="Forgot password">
      <div className="mb-4">
        <label className="form-label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          className={`form-control${error ? ' is-invalid' : ''}`}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} role="alert" className="form-error text-danger mt-2 mb-0">
            {error}
          </p>
        )}
      </div>
      <SubmitButton pending={request.isPending} className="w-100">
        Send reset link
      </SubmitButton>
    </form>
  );
}
