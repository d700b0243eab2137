export { webhookRoutes } from './webhooks.routes.js';
export { RETRY_DELAYS_MS, ROTATION_OVERLAP_MS, WebhooksService, type WebhooksServiceDependencies } from './webhooks.service.js';
export { isForbiddenAddress, type Resolve } from './addresses.js';
export type { WebhookEvents } from './webhooks.service.js';
