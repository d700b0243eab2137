export { moderationRoutes } from './moderation.routes.js';
export { ModerationService } from './moderation.service.js';
