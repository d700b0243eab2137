export { NotificationBell } from './components/NotificationBell';
export { NotificationsList } from './components/NotificationsList';
export { UnreadBadge } from './components/UnreadBadge';
