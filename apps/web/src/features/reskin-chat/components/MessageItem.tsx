import type { ReskinMessage } from '@market/contracts';
import { formatDateTime } from '@/lib/format';

/** One message of a chat, the reader's own on the right. */
export function MessageItem({ message, mine }: { message: ReskinMessage; mine: boolean }) {
  const author = mine ? 'You' : message.messageBy;
  return (
    <li className={`rounded-3 p-2 ${mine ? 'ms-auto bg-primary-subtle' : 'me-auto bg-body-secondary'}`} style={{ maxWidth: '85%' }}>
      <span className="d-block small text-secondary">
        {author} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </span>
      {/* Plain text: React escapes it, so markup typed into a message shows as typed. */}
      {message.message && (
        <span className="d-block text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {message.message}
        </span>
      )}
      {message.fileUpload && (
        <a className="d-inline-block small text-break" href={message.fileUpload} download>
          {message.fileName ?? 'Attachment'}
        </a>
      )}
    </li>
  );
}
