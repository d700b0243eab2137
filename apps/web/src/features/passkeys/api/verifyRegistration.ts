import { API_PATHS, passkeySchema, type Passkey, type PasskeyRegistrationBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/user/passkeys/registration/verify: the server checks the new credential and keeps it. */
export function verifyRegistration(body: PasskeyRegistrationBody): Promise<Passkey> {
  return apiFetch(API_PATHS.passkeys.registrationVerify, { method: 'POST', body }, (data) => passkeySchema.parse(data));
}
