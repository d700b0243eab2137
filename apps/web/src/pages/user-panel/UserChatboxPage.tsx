import { ChatBox } from '@/features/reskin-chat';

/** /userPanel/user-chatbox (sidebar: User Chatbox). */
export default function UserChatboxPage() {
  return <ChatBox side="User" />;
}
