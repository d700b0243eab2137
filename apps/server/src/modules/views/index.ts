export { viewRoutes } from './views.routes.js';
export { ViewsService } from './views.service.js';
