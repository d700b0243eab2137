import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@market/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import { passkeyQueryKeys } from '../queryKeys';
import { browserRefusal, registrationBody } from '../webauthn';
import { getRegistrationOptions } from './registrationOptions';
import { verifyRegistration } from './verifyRegistration';

/** The whole ceremony: the server's challenge, the browser's new credential, the server's check. */
export async function addPasskey(): Promise<Passkey> {
  const options = await getRegistrationOptions();
  let credential;
  try {
    credential = await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    throw browserRefusal(error, 'create');
  }
  return verifyRegistration(registrationBody(credential));
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyQueryKeys.all }) });
}
