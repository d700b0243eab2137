import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { FormError } from '@/components/FormError';
import { useStepUpWithPasskey } from '../api/stepUpWithPasskey';

/** "Use a passkey" in the step-up dialog (docs/decisions/0016): the host retries its call once confirmed. */
export function PasskeyStepUpButton({
  onConfirmed,
  primary = false,
  supported = browserSupportsWebAuthn(),
}: {
  onConfirmed: () => void;
  primary?: boolean;
  supported?: boolean;
}) {
  const stepUp = useStepUpWithPasskey();
  if (!supported) return <p className="mb-0">This browser cannot use passkeys: confirm on a browser that can, or with a code.</p>;
  return (
    <div>
      <FormError message={stepUp.error?.message} className="mb-2" />
      <button
        type="button"
        className={primary ? 'btn btn-primary' : 'btn btn-outline-primary'}
        disabled={stepUp.isPending}
        onClick={() => stepUp.mutate(undefined, { onSuccess: onConfirmed })}
      >
        {stepUp.isPending ? 'Waiting for your passkey…' : 'Use a passkey'}
      </button>
    </div>
  );
}
