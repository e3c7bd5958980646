import { randomUUID } from 'node:crypto';
import { ChatScreen } from '@/components/chat/chat-screen';
import { loadChatPage } from '@/components/server/load-chat-page';

// A new conversation. The fresh key remounts the chat on every visit to "/",
// even when the previous chat was started here and only its URL changed.
export default async function HomePage() {
  const data = await loadChatPage(null);
  return <ChatScreen data={data!} viewKey={randomUUID()} />;
}
