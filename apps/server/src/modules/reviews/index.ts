export { reviewRoutes } from './reviews.routes.js';
export { ReviewsService } from './reviews.service.js';
export { ReviewsRepository } from './reviews.repository.js';
