export { analyticsRoutes } from './analytics.routes.js';
export { AnalyticsService, type ReleaseFacts } from './analytics.service.js';
export { AnalyticsRecorder, type DailyCounts, MAX_PENDING_KEYS } from './recorder.js';
