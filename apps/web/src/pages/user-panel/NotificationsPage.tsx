import { NotificationsList } from '@/features/notifications';

/** /userPanel/notifications and /adminPanel/notifications. */
export default function NotificationsPage() {
  return <NotificationsList />;
}
