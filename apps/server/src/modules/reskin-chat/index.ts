export { reskinRoutes } from './reskin.routes.js';
export { ReskinChatService } from './reskin.service.js';
