import { beforeAll, describe, expect, it } from 'vitest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { addSource, getConversation, newConversation, readReply, send, textOf } from './chat-helpers';

// Checklist item 39: 20 conversations streaming at once while a source is ingested, each
// user with a key of its own (as 20 people would be), and not one error.
let admin: string;
const users: string[] = [];
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  for (let i = 0; i < 20; i++) users.push((await newKey('user', `load ${i}`)).key);
  await addSource('Greenhouse rules', [
    'The greenhouse opens at seven in the morning and closes at dusk.',
    'Tomatoes are watered every second day; seedlings every morning.',
  ]);
});

describe('20 streamed conversations during an ingestion', () => {
  it('answers every one in full, stores every one, and ingests the source', { timeout: 120_000 }, async () => {
    const paragraphs = Array.from(
      { length: 2000 },
      (_, i) => `Section ${i} of the orchard log records the pruning of row ${i % 37} and the yield of tree ${i}.`,
    );
    const created = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { title: 'Orchard log', text: paragraphs.join('\n\n') },
    });
    expect(created.status).toBe(202);
    const { id: sourceId } = await bodyOf<{ id: string }>(created);
    let ingestedAt = 0;
    const ingestion = drainIngestQueue().then(() => (ingestedAt = performance.now()));

    const conversations = await Promise.all(users.map((key) => newConversation(key)));
    const sentAt = performance.now();
    const replies = await Promise.all(
      users.map(async (key, i) => {
        const res = await send(key, conversations[i]!, { content: `When does the greenhouse open? (${i})` });
        return { status: res.status, ...(await readReply(res)) };
      }),
    );
    await ingestion;
    expect(ingestedAt, 'the ingestion was still running when the replies began').toBeGreaterThan(sentAt);

    for (const [i, reply] of replies.entries()) {
      expect(reply.status).toBe(200);
      expect(reply.chunks.filter((c) => c.type === 'error')).toEqual([]);
      expect(reply.message.metadata?.status).toBe('complete');
      expect(textOf(reply.message)).toMatch(/seven in the morning/);
      const stored = await getConversation(users[i]!, conversations[i]!);
      expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(textOf(stored.messages[1]!)).toBe(textOf(reply.message));
    }
    const source = await bodyOf<{ status: string; chunkCount: number }>(
      await api('GET', `/api/knowledge/sources/${sourceId}`, { key: admin }),
    );
    expect(source.status).toBe('ready');
    expect(source.chunkCount).toBeGreaterThan(5);
  });
});
