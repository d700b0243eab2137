import { API_PATHS, SECOND_FACTOR_ENROLMENT_REQUIRED, STEP_UP_REQUIRED } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../../platform/errors.js';

/** 403 `step_up_required`: the web asks for a code (or the password) in place and retries (docs/decisions/0016). */
export const stepUpRequired = () =>
  new HttpError(403, 'Please confirm it is you: enter a code from your authenticator app, or your password.', undefined, {
    code: STEP_UP_REQUIRED,
  });

export const enrolmentRequired = () =>
  new HttpError(403, 'Set up two-factor sign-in on your Security page first: your account requires it.', undefined, {
    code: SECOND_FACTOR_ENROLMENT_REQUIRED,
  });

/**
 * preHandler for the calls a stolen session must not make alone (docs/decisions/0016): the session
 * proved a second factor (or, without one, the password) in the last 10 minutes, else 403
 * `step_up_required`. Signed-in users only (401 first).
 */
export async function requireStepUp(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (!request.authSession?.steppedUp) throw stepUpRequired();
}

/** As requireStepUp for a browser's session; a call made with an API token (no session) passes to the token's own checks. */
export async function requireStepUpForSessions(request: FastifyRequest): Promise<void> {
  if (request.authSession) await requireStepUp(request);
}

/** What an enrolment-only session (an admin under ADMIN_REQUIRE_2FA) may still call: enrol, look, leave. */
const ENROLMENT_CALLS = new Set([
  `GET ${API_PATHS.user.currentUser}`,
  `POST ${API_PATHS.user.signOut}`,
  `GET ${API_PATHS.security.twoFactor}`,
  `POST ${API_PATHS.security.totp}`,
  `PUT ${API_PATHS.security.totp}`,
  `GET ${API_PATHS.security.sessions}`,
  // A passkey is a second factor too (docs/decisions/0017).
  `GET ${API_PATHS.passkeys.list}`,
  `POST ${API_PATHS.passkeys.registrationOptions}`,
  `POST ${API_PATHS.passkeys.registrationVerify}`,
]);

/** onRequest: an enrolment-only session reaches the enrolment calls and pages, no other API call. */
export async function enforceEnrolment(request: FastifyRequest): Promise<void> {
  if (!request.authSession?.enrolmentOnly) return;
  const path = request.url.split('?')[0] ?? '';
  if (!path.startsWith('/api/')) return;
  if (ENROLMENT_CALLS.has(`${request.method} ${path}`)) return;
  throw enrolmentRequired();
}
