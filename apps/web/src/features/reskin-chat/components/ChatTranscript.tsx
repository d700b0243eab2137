import { isOpeningMessage } from '@market/contracts';
import { PageSpinner } from '@/components/PageSpinner';
import { useThread } from '../api/thread';
import { MessageItem } from './MessageItem';

/**
 * A chat to read, not to answer: the messages of one buyer's chat about one product, as an admin
 * mediating the custom work it led to sees them. Nothing is marked read; the chat screen does that.
 */
export function ChatTranscript({ buyerId, productId }: { buyerId: string; productId: string }) {
  const thread = useThread({ userId: buyerId, productId });
  if (thread.isPending) return <PageSpinner label="Loading the chat" />;
  if (thread.isError) {
    return (
      <p role="alert" className="text-danger">
        {thread.error.message}
      </p>
    );
  }
  const messages = thread.data.messages.filter((message) => !isOpeningMessage(message));
  if (messages.length === 0) return <p className="text-secondary">The buyer asked for a reskin; nobody has written since.</p>;
  return (
    <ol className="list-unstyled d-flex flex-column gap-2 chat-transcript" aria-label="Messages">
      {messages.map((message) => (
        <MessageItem key={message._id} message={message} mine={message.messageBy === 'Admin'} />
      ))}
    </ol>
  );
}
