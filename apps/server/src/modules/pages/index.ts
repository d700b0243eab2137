export { pageRoutes } from './pages.routes.js';
