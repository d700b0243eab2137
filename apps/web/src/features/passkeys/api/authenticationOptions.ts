import { API_PATHS, passkeyRequestOptionsSchema, type PasskeyRequestOptions } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/user/passkeys/authentication/options: a sign-in challenge, tied to this browser by a cookie. */
export function getAuthenticationOptions(): Promise<PasskeyRequestOptions> {
  return apiFetch(API_PATHS.passkeys.authenticationOptions, { method: 'POST' }, (data) => passkeyRequestOptionsSchema.parse(data));
}
