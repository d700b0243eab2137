import { useMutation } from '@tanstack/react-query';
import { API_PATHS, messageBodySchema, type PasskeyAuthenticationBody } from '@market/contracts';
import { startAuthentication } from '@simplewebauthn/browser';
import { apiFetch } from '@/lib/api';
import { authenticationBody } from '../webauthn';
import { getAuthenticationOptions } from './authenticationOptions';

/** POST /api/user/passkeys/authentication/step-up: one of the person's passkeys confirms it is them (docs/decisions/0016). */
function confirmWithAssertion(body: PasskeyAuthenticationBody) {
  return apiFetch(API_PATHS.passkeys.stepUp, { method: 'POST', body }, (data) => messageBodySchema.parse(data));
}

/** "Confirm it is you" with a passkey: the same ceremony as signing in, answered to the step-up call. */
export async function stepUpWithPasskey(): Promise<void> {
  const options = await getAuthenticationOptions();
  let assertion;
  try {
    assertion = await startAuthentication({ optionsJSON: options as never });
  } catch {
    // NotAllowedError alike for a cancel, a timeout and no passkey for this site (see webauthn.ts).
    throw new Error('No passkey was used: the browser was cancelled, timed out, or has no passkey for this site.');
  }
  await confirmWithAssertion(authenticationBody(assertion));
}

export function useStepUpWithPasskey() {
  return useMutation({ mutationFn: stepUpWithPasskey });
}
