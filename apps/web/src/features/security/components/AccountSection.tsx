import { useId, useState, type FormEvent } from 'react';
import { changeEmailBodySchema, changePasswordBodySchema } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useFieldForm } from '@/components/useFieldForm';
import { useSession } from '@/features/auth';
import { useChangeEmail } from '../api/changeEmail';
import { useChangePassword } from '../api/changePassword';

/**
 * The account's email and password (docs/decisions/0016). Both calls ask for a fresh step-up, which
 * the step-up dialog gets in place before the call is sent again.
 */
export function AccountSection() {
  return (
    <section aria-labelledby="account-title" className="mb-5">
      <h2 id="account-title" className="h5">
        Email and password
      </h2>
      <div className="row g-4">
        <div className="col-12 col-lg-6">
          <EmailForm />
        </div>
        <div className="col-12 col-lg-6">
          <PasswordForm />
        </div>
      </div>
    </section>
  );
}

function fieldProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="invalid-feedback d-block">
      {message}
    </p>
  ) : null;
}

function EmailForm() {
  const { user } = useSession();
  const change = useChangeEmail();
  const id = useId();
  const form = useFieldForm(() => ({ email: '' }), ['email'] as const, change);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changeEmailBodySchema.safeParse(form.values);
    if (!parsed.success) {
      form.setInvalid({ email: parsed.error.issues[0]?.message });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    change.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6">
        Email
      </h3>
      <p className="mb-2">
        You sign in with <strong>{user?.email}</strong>. Both addresses are told when it changes.
      </p>
      <label htmlFor={`${id}-email`} className="form-label">
        New email
      </label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        className={`form-control${form.errors.email ? ' is-invalid' : ''}`}
        value={form.values.email}
        onChange={(event) => form.set('email', event.target.value)}
        {...fieldProps(`${id}-email`, form.errors.email)}
      />
      <FieldError id={`${id}-email`} message={form.errors.email} />
      <FormError message={form.generalError ?? undefined} />
      {change.isSuccess && <output className="d-block alert alert-success mt-2 mb-0">Your email is now {change.data.email}.</output>}
      <SubmitButton pending={change.isPending} className="mt-2">
        Change email
      </SubmitButton>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const id = useId();
  const form = useFieldForm(() => ({ password: '', confirmPassword: '' }), ['password', 'confirmPassword'] as const, change);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse(form.values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'confirmPassword' ? 'confirmPassword' : 'password';
      form.setInvalid({ [field]: issue?.message });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    change.mutate(parsed.data, { onSuccess: (message) => setDone(message) });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6">
        Password
      </h3>
      <p className="mb-2">A new password signs out every other browser; this one stays signed in.</p>
      <label htmlFor={`${id}-password`} className="form-label">
        New password
      </label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        className={`form-control${form.errors.password ? ' is-invalid' : ''}`}
        value={form.values.password}
        onChange={(event) => {
          setDone(null);
          form.set('password', event.target.value);
        }}
        {...fieldProps(`${id}-password`, form.errors.password)}
      />
      <FieldError id={`${id}-password`} message={form.errors.password} />
      <label htmlFor={`${id}-confirmPassword`} className="form-label mt-2">
        Confirm the new password
      </label>
      <input
        id={`${id}-confirmPassword`}
        type="password"
        autoComplete="new-password"
        className={`form-control${form.errors.confirmPassword ? ' is-invalid' : ''}`}
        value={form.values.confirmPassword}
        onChange={(event) => form.set('confirmPassword', event.target.value)}
        {...fieldProps(`${id}-confirmPassword`, form.errors.confirmPassword)}
      />
      <FieldError id={`${id}-confirmPassword`} message={form.errors.confirmPassword} />
      <FormError message={form.generalError ?? undefined} />
      {done && <output className="d-block alert alert-success mt-2 mb-0">{done}</output>}
      <SubmitButton pending={change.isPending} className="mt-2">
        Change password
      </SubmitButton>
    </form>
  );
}
