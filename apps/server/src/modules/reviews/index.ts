export { reviewRoutes } from './reviews.routes.js';
export { ReviewsService } from './reviews.service.js';
