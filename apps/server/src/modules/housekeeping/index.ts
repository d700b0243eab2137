export { HousekeepingRepository } from './housekeeping.repository.js';
export { HousekeepingService, RETENTION, type HousekeepingReport } from './housekeeping.service.js';
