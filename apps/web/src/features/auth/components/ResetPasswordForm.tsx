import { useId, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';
import { SubmitButton } from '@/components/SubmitButton';
import { useResetPassword } from '../api/resetPassword';

type Field = 'password' | 'confirmPassword';

/** Which field a server message concerns; null for a message about the link or the request itself. */
function fieldOf(error: Error | null): Field | null {
  if (!isApiError(error, 400)) return null;
  return error.message === 'Passwords do not match' ? 'confirmPassword' : 'password';
}

/** Sets a new password with the token of the mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const id = useId();
  const { formRef } = useRevealFirstError(reset.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    reset.mutate({ token, password: String(form.get('password') ?? ''), confirmPassword: String(form.get('confirmPassword') ?? '') });
  }

  if (reset.isSuccess) {
    return (
      <div>
        <output className="d-block mb-3">{reset.data}</output>
        <p className="mb-0">
          <Link to="/Login">Log in</Link>
        </p>
      </div>
    );
  }

  if (isApiError(reset.error, 410)) return <InvalidLink message={reset.error.message} />;

  const errorField = fieldOf(reset.error);
  const generalError = reset.error && !errorField ? reset.error.message : null;
  const fieldProps = (field: Field) => {
    const errorId = `${id}-${field}-error`;
    const invalid = errorField === field;
    return {
      id: `${id}-${field}`,
      name: field,
      type: 'password',
      autoComplete: 'new-password',
      required: true,
      className: `form-control${invalid ? ' is-invalid' : ''}`,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? errorId : undefined,
    };
  };
  const fieldError = (field: Field) =>
    errorField === field && reset.error ? (
      <p id={`${id}-${field}-error`} role="alert" className="form-error text-danger mt-2 mb-0">
        {reset.error.message}
      </p>
    ) : null;

  return (
    <form ref={formRef} onSubmit={handleSubmit} aria-label="Reset password">
      {generalError && (
        <p role="alert" className="form-error text-danger">
          {generalError}
        </p>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-password`}>
          New Password
        </label>
        <input {...fieldProps('password')} />
        {fieldError('password')}
      </div>
      <div className="mb-4">
        <label className="form-label" htmlFor={`${id}-confirmPassword`}>
          Confirm New Password
        </label>
        <input {...fieldProps('confirmPassword')} />
        {fieldError('confirmPassword')}
      </div>
      <SubmitButton pending={reset.isPending} className="w-100">
        Change password
      </SubmitButton>
    </form>
  );
}

/** An unknown, expired or used link: say so and offer to ask again. */
export function InvalidLink({ message }: { message: string }) {
  return (
    <div role="alert">
      <p className="form-error text-danger">{message}</p>
      <p className="mb-0">
        <Link to="/forgot-password">Ask for a new reset link</Link>
      </p>
    </div>
  );
}
