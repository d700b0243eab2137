import { useEffect, useId } from 'react';
import { isOpeningMessage, type ReskinAuthor, type ReskinConversation } from '@market/contracts';
import { PageSpinner } from '@/components/PageSpinner';
import { useMarkOtherSideRead } from '../api/markRead';
import { useThread } from '../api/thread';
import { useToggleChatStatus } from '../api/updateStatus';
import { MessageItem } from './MessageItem';
import { SendMessageForm } from './SendMessageForm';

/** One chat: its messages (the opening 'Yes' hidden), the admin's open/close switch and the send box. */
export function ChatThread({ side, conversation }: { side: ReskinAuthor; conversation: ReskinConversation }) {
  const key = { userId: conversation.userId, productId: conversation.productId };
  const thread = useThread(key);
  const markRead = useMarkOtherSideRead(side);
  const { mutate: markReadNow } = markRead;
  const headingId = useId();

  // Opening the chat, or a new message arriving while it is open, marks the other side's messages read.
  useEffect(() => {
    if (conversation.unreadCount > 0) markReadNow({ userId: conversation.userId, productId: conversation.productId });
  }, [conversation.unreadCount, conversation.userId, conversation.productId, markReadNow]);

  const closed = conversation.status === 'Close';
  const messages = thread.data?.messages.filter((message) => !isOpeningMessage(message)) ?? [];

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 id={headingId} className="h6 mb-0 me-auto text-break">
          {conversation.product.title}
          {side === 'Admin' && (
            <span className="d-block small text-secondary fw-normal">{`${conversation.user.name} · ${conversation.user.email}`}</span>
          )}
        </h2>
        {side === 'Admin' ? (
          <StatusSwitch conversation={conversation} />
        ) : (
          <span className={`badge ${closed ? 'text-bg-secondary' : 'text-bg-success'}`}>{closed ? 'Closed' : 'Open'}</span>
        )}
      </div>
      <div className="card-body" style={{ maxHeight: '28rem', overflowY: 'auto' }}>
        {thread.isPending ? (
          <PageSpinner label="Loading messages" />
        ) : thread.isError ? (
          <p role="alert" className="text-danger mb-0">
            {thread.error.message}
          </p>
        ) : messages.length === 0 ? (
          <p className="text-secondary mb-0">No messages yet. Tell us what you would like changed.</p>
        ) : (
          <ol className="list-unstyled mb-0 d-flex flex-column gap-2" aria-label="Messages" aria-live="polite">
            {messages.map((message) => (
              <MessageItem key={message._id} message={message} mine={message.messageBy === side} />
            ))}
          </ol>
        )}
      </div>
      <div className="card-footer">
        {closed && <p className="small text-secondary mb-2">This chat is closed.</p>}
        <SendMessageForm conversationKey={key} disabled={closed} />
      </div>
    </section>
  );
}

function StatusSwitch({ conversation }: { conversation: ReskinConversation }) {
  const toggle = useToggleChatStatus();
  const switchId = useId();
  const stateId = useId();
  const open = conversation.status === 'Open';
  // The switch's name stays 'Chat' whatever its state (a name that flips reads as a different
  // control); beside it the state reads on with the name: 'Chat open' or 'Chat closed'.
  return (
    <div className="form-check form-switch mb-0">
      <input
        id={switchId}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={open}
        aria-checked={open}
        aria-describedby={stateId}
        disabled={toggle.isPending}
        onChange={() => toggle.mutate({ userId: conversation.userId, productId: conversation.productId })}
      />
      <label className="form-check-label" htmlFor={switchId}>
        Chat
      </label>{' '}
      <span id={stateId} data-testid="chat-switch-state">
        {open ? 'open' : 'closed'}
        {!open && <span className="small text-secondary">: the buyer cannot write</span>}
      </span>
      {toggle.error && (
        <span role="alert" className="d-block small text-danger">
          {toggle.error.message}
        </span>
      )}
    </div>
  );
}
