export { productRoutes } from './products.routes.js';
export { moderationRoutes } from './moderation.routes.js';
export { releaseRoutes } from './releases.routes.js';
export { archiveFileName, CHECKOUT_PAYABLE_MS, ProductsService, type ProductCheckouts, type ProductUpload } from './products.service.js';
export { ProductsRepository } from './products.repository.js';
export { ModerationRepository } from './moderation.repository.js';
export { ModerationService } from './moderation.service.js';
export { ReleasesRepository, type ReleaseRow } from './releases.repository.js';
export { ReleasesService } from './releases.service.js';
