import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChatScreen } from '@/components/chat/chat-screen';
import { requireChatViewer } from '@/components/server/chat-gate';
import { loadChatPage } from '@/components/server/load-chat-page';
import { isUuid } from '@/lib/uuid';

// The page's load, cached for the request, gives the tab its conversation's title.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const data = isUuid(id) ? await loadChatPage(id) : undefined;
  if (!data?.conversation) return { title: 'Not found' };
  return { title: { absolute: `${data.conversation.title || 'New chat'} · ${data.assistant.name}` } };
}

// A saved conversation with its full history; unknown and foreign ids are both a plain 404.
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireChatViewer(`/c/${id}`);
  if (!isUuid(id)) notFound();
  const data = await loadChatPage(id);
  if (!data?.conversation) notFound();
  return <ChatScreen data={data} viewKey={id} />;
}
