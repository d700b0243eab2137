import type { ReskinConversation } from '@market/contracts';
import { UserChatCustomWork } from '@/features/custom-work';
import { ChatBox } from '@/features/reskin-chat';

/** Above the chosen chat: the user's custom work on its product (docs/decisions/0013). */
function ChatCustomWork({ conversation }: { conversation: ReskinConversation }) {
  return <UserChatCustomWork productId={conversation.productId} />;
}

/** /userPanel/user-chatbox (sidebar: User Chatbox), with the custom work quoted on the chat's product. */
export default function UserChatboxPage() {
  return <ChatBox side="User" aside={ChatCustomWork} />;
}
