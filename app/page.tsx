import type { Metadata } from 'next';
import { ChatScreen } from '@/components/chat/chat-screen';
import { requireChatViewer } from '@/components/server/chat-gate';
import { loadChatPage } from '@/components/server/load-chat-page';

// The tab shows the assistant's name (loadChatPage is cached for the request).
export async function generateMetadata(): Promise<Metadata> {
  return { title: { absolute: (await loadChatPage(null))!.assistant.name } };
}

// A new conversation. The render's own id as key remounts the chat on every visit to "/",
// even when the previous chat was started here and only its URL changed.
export default async function HomePage() {
  await requireChatViewer('/');
  const data = (await loadChatPage(null))!;
  return <ChatScreen data={data} viewKey={data.renderId} />;
}
