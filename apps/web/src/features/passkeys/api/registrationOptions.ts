import { API_PATHS, passkeyCreationOptionsSchema, type PasskeyCreationOptions } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/user/passkeys/registration/options: a challenge for a new passkey, good once for 5 minutes. */
export function getRegistrationOptions(): Promise<PasskeyCreationOptions> {
  return apiFetch(API_PATHS.passkeys.registrationOptions, { method: 'POST' }, (data) => passkeyCreationOptionsSchema.parse(data));
}
