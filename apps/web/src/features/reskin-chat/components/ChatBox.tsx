import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import type { ReskinAuthor, ReskinConversation } from '@market/contracts';
import { PageSpinner } from '@/components/PageSpinner';
import { useConversations } from '../api/conversations';
import { useReskinStream } from '../api/useReskinStream';
import { ConversationList } from './ConversationList';
import { ChatThread } from './ChatThread';

const EMPTY_TEXT: Record<ReskinAuthor, string> = {
  Admin: 'No user start chat yet',
  User: 'You are not about to chat yet',
};

/**
 * /adminPanel/admin-chatbox and /userPanel/user-chatbox (docs/product-spec.md §2.11): the conversations on
 * one side, the chosen one on the other, kept live through the event stream. The choice is in
 * the address (?productId=&userId=), so the product page can open its chat directly. `aside` shows
 * above the chosen chat what the page adds about it (its custom work): the chat knows no other feature.
 */
export function ChatBox({ side, aside: Aside }: { side: ReskinAuthor; aside?: ComponentType<{ conversation: ReskinConversation }> }) {
  useReskinStream();
  const conversations = useConversations(side);
  const [params, setParams] = useSearchParams();

  if (conversations.isPending) return <PageSpinner label="Loading chats" />;
  if (conversations.isError) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{conversations.error.message}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void conversations.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (conversations.data.length === 0) return <p className="py-4 text-center text-secondary">{EMPTY_TEXT[side]}</p>;

  const chosen = pick(side, conversations.data, params.get('productId'), params.get('userId'));
  const choose = (conversation: ReskinConversation) =>
    setParams({ productId: conversation.productId, userId: conversation.userId }, { replace: true });

  return (
    <div className="row g-3">
      <div className="col-12 col-lg-4">
        <ConversationList side={side} conversations={conversations.data} chosenId={chosen?._id ?? null} onChoose={choose} />
      </div>
      <div className="col-12 col-lg-8">
        {chosen ? (
          <div key={chosen._id}>
            {Aside && <Aside conversation={chosen} />}
            <ChatThread side={side} conversation={chosen} />
          </div>
        ) : (
          <p className="py-4 text-center text-secondary">Choose a chat to read it; chats with unread messages show how many.</p>
        )}
      </div>
    </div>
  );
}

/**
 * The chat named in the address. Without one, a user (who has few chats, usually one) sees the most
 * recent; the admin sees none until choosing, since opening a chat marks it read and its unread
 * badge would never be seen.
 */
function pick(
  side: ReskinAuthor,
  conversations: ReskinConversation[],
  productId: string | null,
  userId: string | null,
): ReskinConversation | null {
  const named = conversations.find(
    (conversation) => conversation.productId === productId && (userId === null || conversation.userId === userId),
  );
  if (named) return named;
  return side === 'User' ? conversations[0]! : null;
}
