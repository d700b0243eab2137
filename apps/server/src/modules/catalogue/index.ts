export { catalogueRoutes } from './catalogue.routes.js';
export { CatalogueService, type CatalogueAnswer, type ListQuery, type RunningSales } from './catalogue.service.js';
export { RETIRED, type CardRow, type ProductRow, type ProductsOnSale, type TranslationRow } from './catalogue.repository.js';
export { canManage, canSee } from './policies.js';
export { searchTokens } from './catalogue-text.js';
export { dollars, imageUrl, titlesOf } from './product-view.js';
