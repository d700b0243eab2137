import { useMyNotifications } from '../api/myNotifications';
import '../notifications.css';

/**
 * The unread count for the folded header's menu button: the bell sits inside the folded menu, so
 * on a phone the count would otherwise be out of sight. Said in the button's name, shown as a badge.
 */
export function UnreadBadge() {
  const unread = useMyNotifications(1).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span className="visually-hidden">, {unread} unread notifications</span>
      <span className="toggler-badge badge rounded-pill text-bg-danger" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    </>
  );
}
