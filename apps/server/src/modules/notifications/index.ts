export { notificationRoutes } from './notifications.routes.js';
export { NotificationsService, type Notice } from './notifications.service.js';
export { type NewNotificationRow } from './notifications.repository.js';
