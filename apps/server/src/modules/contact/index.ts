export { contactRoutes } from './contact.routes.js';
export { ContactRepository } from './contact.repository.js';
export { ContactService } from './contact.service.js';
