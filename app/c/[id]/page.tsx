import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChatScreen } from '@/components/chat/chat-screen';
import { loadChatPage } from '@/components/server/load-chat-page';

export const metadata: Metadata = { title: 'Conversation' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A saved conversation with its full history; unknown and foreign ids are both a plain 404.
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const data = await loadChatPage(id);
  if (!data?.conversation) notFound();
  return <ChatScreen data={data} viewKey={id} />;
}
