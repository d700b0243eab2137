export { hireRoutes } from './hire.routes.js';
export { HireRepository } from './hire.repository.js';
export { HireService } from './hire.service.js';
