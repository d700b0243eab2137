import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationPage } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { QueryView } from '@/components/query-view';
import { useMarkRead } from '../api/markRead';
import { useMyNotifications } from '../api/myNotifications';
import { NoticeText } from './NotificationBell';
import '../notifications.css';

/** /userPanel/notifications and /adminPanel/notifications: every notice, 20 a page, newest first. */
export function NotificationsList() {
  const [page, setPage] = useState(1);
  const query = useMyNotifications(page);
  const markRead = useMarkRead();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="mb-0" aria-live="polite">
          {query.data ? `${query.data.unread} unread` : ''}
        </p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={!query.data || query.data.unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </button>
      </div>
      <FormError message={markRead.error?.message} className="small" />
      <QueryView
        query={query}
        loadingLabel="Loading notifications…"
        isEmpty={(data) => data.notifications.length === 0 && data.page === 1}
        empty={<p className="mb-0">No notifications yet</p>}
      >
        {(data) => <NoticeList data={data} onMarkRead={(id) => markRead.mutate({ ids: [id] })} busy={markRead.isPending} />}
      </QueryView>
      {query.data && (page > 1 || query.data.hasMore) && (
        <nav className="d-flex justify-content-between align-items-center mt-3" aria-label="Notification pages">
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="small">Page {page}</span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={!query.data.hasMore}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </>
  );
}

function NoticeList({ data, onMarkRead, busy }: { data: NotificationPage; onMarkRead: (id: string) => void; busy: boolean }) {
  return (
    <ul className="notification-list" aria-label="Notifications, newest first">
      {data.notifications.map((notice) => (
        <li key={notice._id} className={`notification-entry${notice.readAt === null ? ' unread' : ''}`}>
          <Link to={notice.link} className="notification-link" onClick={() => notice.readAt === null && onMarkRead(notice._id)}>
            <NoticeText notice={notice} />
          </Link>
          {notice.readAt === null && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 notification-mark-read"
              disabled={busy}
              onClick={() => onMarkRead(notice._id)}
            >
              Mark as read<span className="visually-hidden">: {notice.title}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
