export { commentRoutes } from './comments.routes.js';
export { CommentsRepository } from './comments.repository.js';
export { CommentsService } from './comments.service.js';
