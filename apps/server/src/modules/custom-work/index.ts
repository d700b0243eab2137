export { customWorkRoutes } from './custom-work.routes.js';
export { CustomWorkService, type CustomWorkRefund, type CustomWorkServiceDependencies } from './custom-work.service.js';
