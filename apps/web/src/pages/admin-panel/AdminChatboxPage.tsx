import type { ReskinConversation } from '@market/contracts';
import { AdminChatCustomWork } from '@/features/custom-work';
import { ChatBox } from '@/features/reskin-chat';

/** Above the chosen chat: the buyer's custom work on its product, and Send a quote (docs/decisions/0013). */
function ChatCustomWork({ conversation }: { conversation: ReskinConversation }) {
  return (
    <AdminChatCustomWork
      buyerId={conversation.userId}
      buyerName={conversation.user.name}
      productId={conversation.productId}
      productTitle={conversation.product.title}
    />
  );
}

/** /adminPanel/admin-chatbox: every reskin chat, answered and opened or closed here, with the custom work quoted in it. */
export default function AdminChatboxPage() {
  return <ChatBox side="Admin" aside={ChatCustomWork} />;
}
