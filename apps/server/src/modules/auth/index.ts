export { authRoutes } from './auth.routes.js';
export { type ActingMember, AuthService, type ResolvedSession, type StartedSession } from './auth.service.js';
export type { ActingRoleOfSession } from './sessions.repository.js';
export { isAdmin } from './policies.js';
export { actorOf, authentication, requireAdmin, requireUser, sessionTokenOf, tokenActor } from './session.js';
export { PasswordResetService } from './passwordReset.service.js';
export { PasswordHasher } from './password.js';
export { passkeyRoutes } from './passkeys.routes.js';
export { PasskeysService, type RelyingParty } from './passkeys.service.js';
