import Toast from 'react-bootstrap/Toast';
import { dismissNotice, type Notice } from './notices';

/** react-bootstrap's Toast is itself the live region (role alert), so it is announced on arrival. */
export default function NoticeToast({ notice }: { notice: Notice }) {
  return (
    <Toast
      show
      autohide
      delay={notice.durationMs}
      onClose={() => dismissNotice(notice.id)}
      bg={notice.tone === 'danger' ? 'danger' : undefined}
      className={`notice-toast notice-${notice.tone}`}
    >
      <div className="d-flex align-items-center">
        <Toast.Body className="flex-grow-1">{notice.text}</Toast.Body>
        <button type="button" className="btn-close me-2" aria-label="Close" onClick={() => dismissNotice(notice.id)} />
      </div>
    </Toast>
  );
}
