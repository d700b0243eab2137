export { every, type PeriodicTask } from './every.js';
export { JobLeases } from './leases.repository.js';
