import { useCallback, useId, useState, type FormEvent } from 'react';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useRevealFirstError } from '@/components/revealFirstError';
import { ApiError } from '@/lib/api';
import { useVerifySecondFactor } from '../api/verifySecondFactor';

interface SecondFactorFormProps {
  methods: readonly string[];
  onSignedIn: () => void;
  /** Back to the password (an expired or ended pending sign-in). */
  onRestart: () => void;
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code (docs/decisions/0016). */
export function SecondFactorForm({ methods, onSignedIn, onRestart }: SecondFactorFormProps) {
  const verify = useVerifySecondFactor();
  const [useRecovery, setUseRecovery] = useState(!methods.includes('totp'));
  const { formRef } = useRevealFirstError(verify.error);
  const id = useId();
  const errorId = `${id}-error`;
  const ended = verify.error instanceof ApiError && (verify.error.status === 401 || verify.error.status === 429);
  // The code is the one thing to do here: focus goes to each field as it appears (the step, a switch of method).
  const focusOnMount = useCallback((element: HTMLInputElement | null) => element?.focus(), []);
  const fieldProps = verify.error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    verify.mutate(useRecovery ? { recoveryCode: value } : { code: value }, { onSuccess: onSignedIn });
  }

  function switchMethod() {
    verify.reset();
    setUseRecovery((current) => !current);
  }

  return (
    <>
      <FormError id={errorId} message={verify.error?.message} />
      {ended ? (
        <button type="button" className="btn btn-primary w-100" onClick={onRestart}>
          Sign in again
        </button>
      ) : (
        <form ref={formRef} onSubmit={handleSubmit} aria-label="Two-factor sign-in">
          <p>
            {useRecovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </p>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-code`}>
              {useRecovery ? 'Recovery code' : 'Authentication code'}
            </label>
            {useRecovery ? (
              <input
                key="recovery"
                className="form-control"
                id={`${id}-code`}
                name="code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                required
                ref={focusOnMount}
                {...fieldProps}
              />
            ) : (
              <input
                key="totp"
                className="form-control"
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                ref={focusOnMount}
                {...fieldProps}
              />
            )}
          </div>
          <SubmitButton pending={verify.isPending} className="w-100">
            Verify
          </SubmitButton>
          {methods.includes('totp') && methods.includes('recovery') && (
            <button type="button" className="btn btn-link w-100 mt-2" onClick={switchMethod}>
              {useRecovery ? 'Use a code from your authenticator app' : 'Use a recovery code'}
            </button>
          )}
        </form>
      )}
    </>
  );
}
