export { viewRoutes } from './views.routes.js';
export { ViewsRepository } from './views.repository.js';
export { ViewsService } from './views.service.js';
