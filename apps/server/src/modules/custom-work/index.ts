export { customWorkRoutes } from './custom-work.routes.js';
export { CustomWorkService, type CustomWorkServiceDependencies } from './custom-work.service.js';
