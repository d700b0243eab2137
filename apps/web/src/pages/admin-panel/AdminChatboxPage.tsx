import { ChatBox } from '@/features/reskin-chat';

/** /adminPanel/admin-chatbox: every reskin chat, answered and opened or closed here. */
export default function AdminChatboxPage() {
  return <ChatBox side="Admin" />;
}
