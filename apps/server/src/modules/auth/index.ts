export { authRoutes } from './auth.routes.js';
export {
  type ActingMember,
  AuthService,
  type CurrentSession,
  type Device,
  type PendingSignIn,
  type ResolvedSession,
  type SignInOutcome,
  type StartedSession,
} from './auth.service.js';
export type { ActingRoleOfSession } from './sessions.repository.js';
export { isAdmin } from './policies.js';
export {
  actorOf,
  authentication,
  deviceOf,
  pendingSignInTokenOf,
  personIdOf,
  requireAdmin,
  requireUser,
  sessionTokenOf,
  setSessionCookie,
  tokenActor,
  PENDING_SIGN_IN_COOKIE,
} from './session.js';
export { requireStepUp, requireStepUpForSessions, stepUpRequired } from './stepUp.js';
export { twoFactorRoutes } from './twoFactor.routes.js';
export type { SecondFactorProvider } from './twoFactor.service.js';
export { PasswordResetService } from './passwordReset.service.js';
export { AccountService } from './account.service.js';
export { accountRoutes } from './account.routes.js';
export { PasswordHasher } from './password.js';
export { passkeyRoutes } from './passkeys.routes.js';
export { PasskeysService, type RelyingParty } from './passkeys.service.js';
