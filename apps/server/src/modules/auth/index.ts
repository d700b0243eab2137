export { authRoutes } from './auth.routes.js';
export { AuthService, type StartedSession } from './auth.service.js';
export { SessionsRepository } from './sessions.repository.js';
export { UsersRepository } from './users.repository.js';
export { isAdmin } from './policies.js';
export { actorOf, authentication, requireAdmin, requireUser } from './session.js';
export { PasswordResetService } from './passwordReset.service.js';
export { PasswordResetsRepository } from './passwordResets.repository.js';
