import { useId, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/FormError';
import { fieldsOfError } from '@/lib/api';
import { SubmitButton } from '@/components/SubmitButton';
import { useSignUp, type SignUpFields } from '../api/signUp';

const FIELDS: { name: keyof SignUpFields; label: string; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'number', label: 'Number', type: 'tel', autoComplete: 'tel' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

export function SignUpForm() {
  const signUp = useSignUp();
  const { formRef } = useRevealFirstError(signUp.error);
  const navigate = useNavigate();
  const id = useId();
  const errorId = `${id}-error`;
  // The server names the field its message is about; that field points at the message (WCAG 3.3.1).
  const invalid = new Set(fieldsOfError(signUp.error));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: keyof SignUpFields) => String(form.get(name) ?? '');
    signUp.mutate(
      {
        name: value('name'),
        email: value('email'),
        number: value('number'),
        password: value('password'),
        confirmPassword: value('confirmPassword'),
      },
      { onSuccess: () => navigate('/Login') },
    );
  }

  return (
    <>
      <form ref={formRef} onSubmit={handleSubmit} aria-label="Sign up">
        {FIELDS.map((field) => (
          <div className="mb-3" key={field.name}>
            <label className="form-label" htmlFor={`${id}-${field.name}`}>
              {field.label}
              <span className="required-star" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input
              className="form-control"
              id={`${id}-${field.name}`}
              type={field.type}
              name={field.name}
              autoComplete={field.autoComplete}
              required
              aria-invalid={invalid.has(field.name) || undefined}
              aria-describedby={invalid.has(field.name) ? errorId : undefined}
            />
          </div>
        ))}
        <SubmitButton pending={signUp.isPending} className="w-100 mt-2">
          Sign Up
        </SubmitButton>
      </form>
      {/* docs/product-spec.md: the server's message sits under the form and is cleared on success. */}
      <FormError id={errorId} message={signUp.error?.message} className="mt-3" />
    </>
  );
}
