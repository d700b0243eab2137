export { IdempotencyService, type Answer } from './idempotency.service.js';
