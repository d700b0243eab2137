export { authRoutes } from './auth.routes.js';
export { AuthService, type StartedSession } from './auth.service.js';
export { isAdmin } from './policies.js';
export { actorOf, authentication, requireAdmin, requireUser, tokenActor } from './session.js';
export { PasswordResetService } from './passwordReset.service.js';
export { PasswordHasher } from './password.js';
export { passkeyRoutes } from './passkeys.routes.js';
export { PasskeysService, type RelyingParty } from './passkeys.service.js';
