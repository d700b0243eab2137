import { API_PATHS, sessionUserSchema, type PasskeyAuthenticationBody, type SessionUser } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/user/passkeys/authentication/verify: a checked passkey starts the session, as a password does. */
export function verifyAuthentication(body: PasskeyAuthenticationBody): Promise<SessionUser> {
  return apiFetch(API_PATHS.passkeys.authenticationVerify, { method: 'POST', body }, (data) => sessionUserSchema.parse(data));
}
