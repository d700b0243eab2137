import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@market/contracts';
import { startAuthentication } from '@simplewebauthn/browser';
import { authenticationBody, browserRefusal } from '../webauthn';
import { getAuthenticationOptions } from './authenticationOptions';
import { verifyAuthentication } from './verifyAuthentication';

/** Signs in with a passkey alone: the browser offers the passkeys it holds for this site. */
export async function signInWithPasskey(): Promise<SessionUser> {
  const options = await getAuthenticationOptions();
  let assertion;
  try {
    assertion = await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    throw browserRefusal(error, 'get');
  }
  return verifyAuthentication(authenticationBody(assertion));
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
