import { isOpeningMessage, type ReskinAuthor, type ReskinConversation } from '@market/contracts';

interface ConversationListProps {
  side: ReskinAuthor;
  conversations: ReskinConversation[];
  /** null: none chosen yet. */
  chosenId: string | null;
  onChoose: (conversation: ReskinConversation) => void;
}

/** Every chat of this side, most recent first, with the other side's unread messages counted. */
export function ConversationList({ side, conversations, chosenId, onChoose }: ConversationListProps) {
  return (
    <nav aria-label="Chats">
      <ul className="list-group">
        {conversations.map((conversation) => {
          const chosen = conversation._id === chosenId;
          const last = conversation.lastMessage;
          return (
            <li key={conversation._id} className="list-group-item p-0">
              <button
                type="button"
                className={`btn btn-link w-100 text-start rounded-0 p-3 text-body text-decoration-none ${chosen ? 'border-start border-4 border-primary fw-semibold' : ''}`}
                aria-current={chosen ? 'true' : undefined}
                onClick={() => onChoose(conversation)}
              >
                <span className="d-flex align-items-start gap-2">
                  <span className="me-auto text-break">
                    {side === 'Admin' && <span className="d-block">{conversation.user.name}</span>}
                    <span className={side === 'Admin' ? 'd-block small text-secondary' : 'd-block'}>{conversation.product.title}</span>
                  </span>
                  {conversation.unreadCount > 0 && (
                    <span className="badge rounded-pill text-bg-danger">
                      {conversation.unreadCount}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </span>
                <span className="d-block small text-secondary text-truncate fw-normal">
                  {conversation.status === 'Close' ? 'Closed · ' : ''}
                  {last && !isOpeningMessage(last) ? last.message || (last.hasFile ? 'File' : '') : 'Reskin requested'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
