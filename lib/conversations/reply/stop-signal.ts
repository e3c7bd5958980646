import 'server-only';
import { getDatabase, type Database } from '@/lib/db';
import { stopLiveReply } from './live-replies';

/**
 * Stops between instances that share a PostgreSQL database. A stop (or a deletion) that
 * reaches an instance which is not writing the reply is sent on this channel; the instance
 * that is writing it ends the model call at once and stores everything it wrote, rather
 * than at its next heartbeat. Payload: `<conversationId> <messageId>`.
 */
const CHANNEL = 'groundwork_reply_stop';

// Per database (tests close and reopen it), and per copy of live-replies: each listens for its own.
let listeningOn: Database | undefined;

/** Called as a reply starts: from then on, this process hears stops meant for its replies. */
export async function listenForStops(): Promise<void> {
  const db = await getDatabase();
  if (listeningOn === db) return;
  listeningOn = db;
  db.listen(CHANNEL, (payload) => {
    const [conversationId, messageId] = payload.split(' ');
    if (conversationId && messageId) void stopLiveReply(conversationId, messageId);
  });
}

/** Asks whichever instance writes the reply to stop it; false when no other process can hear (PGlite). */
export async function signalStop(conversationId: string, messageId: string): Promise<boolean> {
  return (await getDatabase()).notify(CHANNEL, `${conversationId} ${messageId}`);
}
