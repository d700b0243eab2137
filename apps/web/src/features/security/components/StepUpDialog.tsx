import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { PasskeyStepUpButton } from '@/features/passkeys';
import { useStepUp } from '../api/stepUp';
import { useTwoFactorStatus } from '../api/twoFactorStatus';

type Method = 'totp' | 'recovery' | 'password';

/**
 * "Confirm it is you": a code, a recovery code, one of the person's passkeys, or the password of an
 * account without a second factor.
 */
export default function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const status = useTwoFactorStatus();
  const stepUp = useStepUp();
  const titleId = useId();
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  // The field comes once the person's methods are known, which may be after the dialog has opened:
  // it takes focus as it appears, and again when the method changes (a new field).
  const focusOnMount = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
    element?.focus();
  }, []);
  const [chosen, setChosen] = useState<Method | null>(null);
  const methods = status.data?.methods ?? [];
  const hasPasskey = methods.includes('passkey');
  // Someone whose only second factor is a passkey has no code to type, and their password is not enough.
  const typed: Method | null = methods.includes('totp')
    ? 'totp'
    : methods.includes('recovery')
      ? 'recovery'
      : hasPasskey
        ? null
        : 'password';
  const method: Method | null = chosen ?? typed;
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('secret') ?? '');
    const body =
      method === 'password' ? { password: value } : method === 'recovery' ? { recoveryCode: value.trim() } : { code: value.trim() };
    stepUp.mutate(body, { onSuccess: () => onDone(true) });
  };

  const switchTo = (next: Method) => {
    stepUp.reset();
    setChosen(next);
    input.current?.focus();
  };

  const label = method === 'password' ? 'Your password' : method === 'recovery' ? 'Recovery code' : 'Authentication code';

  return (
    <Modal
      show
      onHide={() => !stepUp.isPending && onDone(false)}
      centered
      aria-labelledby={titleId}
      onEntered={() => input.current?.focus()}
    >
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Confirm it is you
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {status.isPending ? (
          <output className="d-block">Loading…</output>
        ) : method === null ? (
          <>
            <p>This action needs one of your passkeys again.</p>
            <div className="d-flex flex-wrap gap-2 align-items-start">
              <PasskeyStepUpButton primary onConfirmed={() => onDone(true)} />
              <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(false)}>
                Cancel
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={onSubmit} aria-label="Confirm it is you">
            <p>
              {method === 'password'
                ? 'This action needs your password again.'
                : method === 'recovery'
                  ? 'Enter one of your recovery codes. Each code works once.'
                  : 'This action needs a fresh code from your authenticator app.'}
            </p>
            <FormError id={errorId} message={stepUp.error?.message} />
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-secret`}>
                {label}
              </label>
              <input
                ref={focusOnMount}
                key={method}
                className="form-control"
                id={`${id}-secret`}
                name="secret"
                required
                {...(method === 'password'
                  ? { type: 'password', autoComplete: 'current-password' }
                  : method === 'totp'
                    ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', pattern: '[0-9 ]{6,7}', maxLength: 7 }
                    : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false })}
                {...(stepUp.error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
              />
            </div>
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <SubmitButton pending={stepUp.isPending}>Confirm</SubmitButton>
              <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(false)} disabled={stepUp.isPending}>
                Cancel
              </button>
              {methods.includes('totp') && methods.includes('recovery') && (
                <button type="button" className="btn btn-link" onClick={() => switchTo(method === 'recovery' ? 'totp' : 'recovery')}>
                  {method === 'recovery' ? 'Use a code from your app' : 'Use a recovery code'}
                </button>
              )}
            </div>
            {hasPasskey && (
              <div className="mt-3">
                <PasskeyStepUpButton onConfirmed={() => onDone(true)} />
              </div>
            )}
          </form>
        )}
      </Modal.Body>
    </Modal>
  );
}
