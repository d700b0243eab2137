import { isEmptyList, QueryView } from '@/components/query-view';
import { PageSpinner } from '@/components/PageSpinner';
import { formatDateTime } from '@/lib/format';
import { useContactMessages } from '../api/contactMessages';

/** Contact-form messages for the admin, newest first. */
export function ContactMessages() {
  const query = useContactMessages();
  return (
    <QueryView
      query={query}
      isEmpty={isEmptyList}
      empty="No contact messages yet"
      loading={<PageSpinner label="Loading contact messages…" />}
    >
      {(messages) => (
        <ul className="list-unstyled mb-0">
          {messages.map((message) => (
            <li key={message._id} className="card mb-3">
              <article className="card-body" aria-labelledby={`contact-${message._id}`}>
                <h3 className="h6 mb-1" id={`contact-${message._id}`}>
                  {message.name} <span className="fw-normal text-secondary">· {message.companyName}</span>
                </h3>
                <p className="small mb-2">
                  <a href={`mailto:${message.email}`}>{message.email}</a>{' '}
                  <time className="text-secondary" dateTime={message.createdAt}>
                    {formatDateTime(message.createdAt)}
                  </time>
                </p>
                <p className="mb-0 text-break text-prewrap">{message.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
