export { HousekeepingService, RETENTION, type HousekeepingReport } from './housekeeping.service.js';
