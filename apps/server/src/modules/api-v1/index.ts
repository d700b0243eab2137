export { apiV1Routes } from './api-v1.routes.js';
