import type { SessionUser } from '@market/contracts';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { FormError } from '@/components/FormError';
import { useSignInWithPasskey } from '../api/signInWithPasskey';

/**
 * "Sign in with a passkey": no email needed, the browser offers this site's passkeys. The host
 * (the login form) records the session, as it does for a password.
 */
export function PasskeySignInButton({
  onSignedIn,
  supported = browserSupportsWebAuthn(),
}: {
  onSignedIn: (user: SessionUser) => void;
  supported?: boolean;
}) {
  const signIn = useSignInWithPasskey();
  if (!supported) return null;
  return (
    <div className="mt-3">
      <FormError message={signIn.error?.message} className="mb-2" />
      <button
        type="button"
        className="btn btn-outline-primary w-100"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: onSignedIn })}
      >
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
    </div>
  );
}
