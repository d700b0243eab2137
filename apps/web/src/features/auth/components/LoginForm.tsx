import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError } from '@/components/FormError';
import { ApiError } from '@/lib/api';
import { SubmitButton } from '@/components/SubmitButton';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@market/contracts';
import { needsSecondFactor, useSignIn } from '../api/signIn';
import { announceSignedIn, applySignedIn } from '../sessionChannel';
import { intendedPath } from '../intendedPath';
import { SecondFactorForm } from './SecondFactorForm';

// The header carries this form's module on every page: the passkey button, and the contracts' zod
// with it, load only when the form shows (zod's eval probe is refused by the storefront's CSP).
const PasskeySignInButton = lazy(() => import('@/features/passkeys').then((module) => ({ default: module.PasskeySignInButton })));

export function LoginForm() {
  const signIn = useSignIn();
  const queryClient = useQueryClient();
  // The password was right and the account has a second factor: its methods, for the code step.
  const [secondFactor, setSecondFactor] = useState<readonly string[] | null>(null);
  const { formRef } = useRevealFirstError(signIn.error);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const errorId = `${id}-error`;
  // 'Invalid email or password' is about both fields; a refusal for too many attempts is about neither.
  const credentialsRefused = signIn.error instanceof ApiError && signIn.error.status === 401;
  const fieldProps = credentialsRefused ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate(
      { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      {
        onSuccess: (answer) => {
          if (needsSecondFactor(answer)) setSecondFactor(answer.methods);
          else signedIn();
        },
      },
    );
  }

  // Back to the panel page that sent a signed-out visitor here, else home (docs/product-spec.md section 4).
  const signedIn = () => navigate(intendedPath(location.state), { replace: true });

  // A passkey's session is recorded and announced to the other tabs as a password's is (docs/decisions/0017).
  function signedInWithPasskey(user: SessionUser) {
    applySignedIn(queryClient, user);
    announceSignedIn(user);
    void navigate(intendedPath(location.state), { replace: true });
  }

  if (secondFactor) {
    const restart = () => {
      signIn.reset();
      setSecondFactor(null);
    };
    const typesACode = secondFactor.includes('totp') || secondFactor.includes('recovery');
    return (
      <>
        {typesACode ? (
          <SecondFactorForm methods={secondFactor} onSignedIn={signedIn} onRestart={restart} />
        ) : (
          <p>Your password was right. Now confirm with one of your passkeys.</p>
        )}
        {/* A passkey is a second factor too: it finishes the sign-in on its own. */}
        {secondFactor.includes('passkey') && (
          <Suspense fallback={null}>
            <PasskeySignInButton onSignedIn={signedInWithPasskey} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <>
      {/* docs/product-spec.md: the server's message sits above the form. */}
      <FormError id={errorId} message={signIn.error?.message} />
      <form ref={formRef} onSubmit={handleSubmit} aria-label="Login">
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-email`}>
            User Email
          </label>
          <input className="form-control" id={`${id}-email`} type="email" name="email" autoComplete="email" required {...fieldProps} />
        </div>
        <div className="mb-4">
          <label className="form-label" htmlFor={`${id}-password`}>
            User Password
          </label>
          <input
            className="form-control"
            id={`${id}-password`}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            {...fieldProps}
          />
        </div>
        <SubmitButton pending={signIn.isPending} className="w-100">
          Log In
        </SubmitButton>
      </form>
      <Suspense fallback={null}>
        <PasskeySignInButton onSignedIn={signedInWithPasskey} />
      </Suspense>
      <p className="mt-3 mb-0 text-center">
        <Link to="/sign-up">Don&apos;t have account? Sign Up</Link>
      </p>
    </>
  );
}
