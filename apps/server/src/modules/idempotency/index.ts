export { IdempotencyRepository } from './idempotency.repository.js';
export { IdempotencyService, type Answer } from './idempotency.service.js';
