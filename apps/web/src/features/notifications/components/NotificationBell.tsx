import { Link } from 'react-router';
import Dropdown from 'react-bootstrap/Dropdown';
import type { Notification, SessionUser } from '@market/contracts';
import { BellIcon } from '@/components/icons';
import { formatDateTime } from '@/lib/format';
import { useMarkRead } from '../api/markRead';
import { useMyNotifications } from '../api/myNotifications';
import { useNotificationStream } from '../api/useNotificationStream';
import { notificationsPathOf } from '../notificationsPath';
import '../notifications.css';

/** Notices shown in the dropdown; the page has them all. */
const LATEST = 10;

/**
 * The header's bell: the unread count on it (none at 0), the latest notices under it,
 * live from the event stream so a notice appears without a reload.
 */
export function NotificationBell({ user }: { user: SessionUser }) {
  useNotificationStream();
  const query = useMyNotifications(1);
  const markRead = useMarkRead();
  const unread = query.data?.unread ?? 0;
  const latest = query.data?.notifications.slice(0, LATEST) ?? [];

  return (
    <Dropdown as="li" align="end" className="nav-item notification-bell">
      <Dropdown.Toggle
        variant="link"
        id="notification-menu"
        className="nav-link btn-icon notification-toggle"
        aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notification-badge badge rounded-pill text-bg-danger" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="notification-menu">
        <div className="notification-menu-head">
          <span className="fw-semibold">Notifications</span>
          {unread > 0 && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all as read
            </button>
          )}
        </div>
        {query.isPending ? (
          <Dropdown.ItemText>Loading notifications…</Dropdown.ItemText>
        ) : query.isError ? (
          <Dropdown.ItemText>Notifications could not be loaded.</Dropdown.ItemText>
        ) : latest.length === 0 ? (
          <Dropdown.ItemText>No notifications yet</Dropdown.ItemText>
        ) : (
          latest.map((notice) => (
            <Dropdown.Item
              as={Link}
              to={notice.link}
              key={notice._id}
              className={`notification-item${notice.readAt === null ? ' unread' : ''}`}
              onClick={() => {
                if (notice.readAt === null) markRead.mutate({ ids: [notice._id] });
              }}
            >
              <NoticeText notice={notice} />
            </Dropdown.Item>
          ))
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={notificationsPathOf(user)}>
          See all notifications
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** A notice's title, text and time; "Unread" is said, and shown as a dot. */
export function NoticeText({ notice }: { notice: Notification }) {
  return (
    <>
      <span className="notification-title">
        {notice.readAt === null && <span className="visually-hidden">Unread: </span>}
        {notice.title}
      </span>
      {notice.body && <span className="notification-body">{notice.body}</span>}
      <time className="notification-time" dateTime={notice.createdAt}>
        {formatDateTime(notice.createdAt)}
      </time>
    </>
  );
}
