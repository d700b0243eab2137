export { NotificationBell } from './components/NotificationBell';
export { NotificationsList } from './components/NotificationsList';
