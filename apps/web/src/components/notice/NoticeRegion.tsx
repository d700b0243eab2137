import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentNotice, subscribeToNotices } from './notices';
import './notice.css';

// The toast (and react-bootstrap's transition code) loads with the first message only.
const NoticeToast = lazy(() => import('./NoticeToast'));

/** Where the page's toasts appear; render once per page. */
export function NoticeRegion() {
  const notice = useSyncExternalStore(subscribeToNotices, currentNotice, () => null);
  return (
    <div className="notice-region">
      {notice && (
        <Suspense fallback={null}>
          <NoticeToast key={notice.id} notice={notice} />
        </Suspense>
      )}
    </div>
  );
}
