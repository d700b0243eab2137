export { pageRoutes } from './pages.routes.js';
export { missingPageHtml } from './web-build.js';
