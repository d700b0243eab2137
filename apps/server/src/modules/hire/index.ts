export { hireRoutes } from './hire.routes.js';
export { HireService } from './hire.service.js';
