export { authRoutes } from './auth.routes.js';
export {
  AuthService,
  type CurrentSession,
  type Device,
  type PendingSignIn,
  type SignInOutcome,
  type StartedSession,
} from './auth.service.js';
export { isAdmin } from './policies.js';
export {
  actorOf,
  authentication,
  deviceOf,
  pendingSignInTokenOf,
  requireAdmin,
  requireUser,
  setSessionCookie,
  tokenActor,
  PENDING_SIGN_IN_COOKIE,
} from './session.js';
export { requireStepUp, requireStepUpForSessions, stepUpRequired } from './stepUp.js';
export { twoFactorRoutes } from './twoFactor.routes.js';
export type { SecondFactorProvider } from './twoFactor.service.js';
export { PasswordResetService } from './passwordReset.service.js';
export { PasswordHasher } from './password.js';
