export { commentRoutes } from './comments.routes.js';
export { CommentsService } from './comments.service.js';
