export { sharingRoutes } from './sharing.routes.js';
