export { studioRoutes, personOf, studioActorOf } from './studios.routes.js';
export {
  INVITATION_GONE,
  StudiosService,
  type StudioActor,
  type StudioSessions,
  type StudiosServiceDependencies,
} from './studios.service.js';
export { refusalFor, studioAccess } from './access.js';
export { actingRoleOfSession } from './studios.repository.js';
