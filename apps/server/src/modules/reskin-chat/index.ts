export { reskinRoutes } from './reskin.routes.js';
export { ReskinChatRepository } from './reskin.repository.js';
export { ReskinChatService } from './reskin.service.js';
