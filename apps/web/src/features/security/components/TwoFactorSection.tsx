import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TotpEnrolment, TwoFactorStatus } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { QueryView } from '@/components/query-view';
import { SubmitButton } from '@/components/SubmitButton';
import { useConfirmTotp } from '../api/confirmTotp';
import { useDisableTotp } from '../api/disableTotp';
import { useStartTotp } from '../api/startTotp';
import { useTwoFactorStatus } from '../api/twoFactorStatus';
import { RecoveryCodesShownOnce } from './RecoveryCodesShownOnce';

/** Two-factor sign-in: set up an authenticator app, see the recovery codes once, turn it off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <section aria-labelledby="two-factor-title" className="mb-5">
      <h2 id="two-factor-title" className="h5">
        Two-factor sign-in
      </h2>
      {recoveryCodes ? (
        <RecoveryCodesShownOnce codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : (
        <QueryView query={status} loadingLabel="Loading your security settings…">
          {(current) =>
            current.totp ? (
              <TotpOn status={current} />
            ) : (
              <TotpOff enrolmentRequired={current.enrolmentRequired} onEnrolled={setRecoveryCodes} />
            )
          }
        </QueryView>
      )}
    </section>
  );
}

function TotpOn({ status }: { status: TwoFactorStatus }) {
  const disable = useDisableTotp();
  const describedBy = useId();
  return (
    <>
      <p id={describedBy}>
        <span className="badge text-bg-success me-2">On</span>
        Signing in asks for a code from your authenticator app after your password. You have {status.recoveryCodesLeft} unused recovery{' '}
        {status.recoveryCodesLeft === 1 ? 'code' : 'codes'}.
      </p>
      <FormError message={disable.error?.message} />
      <ConfirmButton
        label="Turn off two-factor sign-in"
        confirmLabel="Yes, turn it off"
        describedBy={describedBy}
        pending={disable.isPending}
        onConfirm={() => disable.mutate()}
      />
    </>
  );
}

function TotpOff({ enrolmentRequired, onEnrolled }: { enrolmentRequired: boolean; onEnrolled: (codes: string[]) => void }) {
  const start = useStartTotp();
  return (
    <>
      {enrolmentRequired && (
        <output className="alert alert-warning d-block">
          Your account requires two-factor sign-in: set up an authenticator app to use the rest of the site.
        </output>
      )}
      <p>
        <span className="badge text-bg-secondary me-2">Off</span>
        Add a code from an authenticator app (such as Aegis, Google Authenticator or 1Password) to your password, so a stolen password alone
        cannot sign in.
      </p>
      {start.data ? (
        <EnrolForm enrolment={start.data} onEnrolled={onEnrolled} />
      ) : (
        <>
          <FormError message={start.error?.message} />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => start.mutate()}
            disabled={start.isPending}
            aria-busy={start.isPending}
          >
            Set up an authenticator app
          </button>
        </>
      )}
    </>
  );
}

function EnrolForm({ enrolment, onEnrolled }: { enrolment: TotpEnrolment; onEnrolled: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const errorId = `${id}-error`;
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    confirm.mutate(code, { onSuccess: ({ recoveryCodes }) => onEnrolled(recoveryCodes) });
  };

  return (
    <div className="security-enrol">
      <h3 ref={heading} tabIndex={-1} className="h6">
        Scan this QR code with your authenticator app
      </h3>
      <img
        className="security-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code for your authenticator app; the same key is written below"
        width={200}
        height={200}
      />
      <p className="mt-2 mb-1">Or type this key into the app by hand:</p>
      <p>
        <code className="security-secret" data-testid="totp-secret">
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      <form onSubmit={onSubmit} aria-label="Confirm the authenticator app">
        <FormError id={errorId} message={confirm.error?.message} />
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-code`}>
            The 6-digit code the app shows
          </label>
          <input
            className="form-control security-code"
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            {...(confirm.error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          />
        </div>
        <SubmitButton pending={confirm.isPending}>Turn on two-factor sign-in</SubmitButton>
      </form>
    </div>
  );
}
