import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embedMany } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEmbeddingModel } from '@/lib/ai/embedding/embedding-registry';
import { generateKey, hashKey } from '@/lib/auth/api-keys';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { config } from '@/lib/config';
import { openDatabase, type Database } from '@/lib/db/driver';
import { migrate } from '@/lib/db/migrate';
import { storeChunks } from '@/lib/knowledge/index';
import { api, bodyOf } from '../../support/http';

// An install upgraded to teams keeps everything it had, read as before: by its keys and by
// anonymous visitors, with every source in the public "General" collection.
const TEAMS = '20261207000000_principal_kind_user';
const MIGRATIONS = path.join(process.cwd(), 'prisma/migrations');
const id = (n: number) => `01a30000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [ADMIN, USER, SOURCE, CONVERSATION, QUESTION, REPLY] = [1, 2, 3, 4, 5, 6].map(id) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const TEXT = 'Otters hold hands while they sleep so they do not drift apart.';
let db: Database;
let older: string;
const keys = { admin: generateKey(), user: generateKey() };
let visitor: { principalId: string; value: string };

beforeAll(async () => {
  older = await mkdtemp(path.join(tmpdir(), 'gw-teams-'));
  for (const name of await readdir(MIGRATIONS))
    if (name < TEAMS) await cp(path.join(MIGRATIONS, name), path.join(older, name), { recursive: true });
  db = await openDatabase(config().DATABASE_URL);
  await migrate(db, older);
  // The routes below use this database (getDatabase keeps the process's one on globalThis).
  (globalThis as { __db?: Promise<Database> }).__db = Promise.resolve(db);
  visitor = await newVisitorCookie(false);
  const session = await db.session();
  await session.exec(`
    INSERT INTO principals (id, kind, role, name) VALUES
      ('${ADMIN}', 'key', 'admin', 'ops'), ('${USER}', 'key', 'user', 'reader'), ('${visitor.principalId}', 'anonymous', 'user', NULL);
    INSERT INTO api_keys (id, principal_id, name, role, hash, prefix) VALUES
      ('${id(11)}', '${ADMIN}', 'ops', 'admin', '${hashKey(keys.admin)}', 'gwk_x'),
      ('${id(12)}', '${USER}', 'reader', 'user', '${hashKey(keys.user)}', 'gwk_y');
    INSERT INTO sources (id, title, kind, media_type, status, generation, chunk_count, content_hash)
      VALUES ('${SOURCE}', 'Otter facts', 'text', 'text/plain', 'ready', 1, 1, 'h1');
    INSERT INTO conversations (id, owner_id, title) VALUES ('${CONVERSATION}', '${visitor.principalId}', 'Otters');
    INSERT INTO messages (id, conversation_id, role, parts, parent_id) VALUES
      ('${QUESTION}', '${CONVERSATION}', 'user', '[{"type":"text","text":"Do otters hold hands?"}]', NULL);
    INSERT INTO messages (id, conversation_id, role, parts, parent_id) VALUES
      ('${REPLY}', '${CONVERSATION}', 'assistant', '${JSON.stringify([
        { type: 'text', text: 'Yes, they do [1].' },
        {
          type: 'data-citation',
          data: {
            n: 1,
            sourceId: SOURCE,
            chunkId: id(7),
            title: 'Otter facts',
            snippet: TEXT,
            location: { start: 0, end: TEXT.length },
            generation: 1,
          },
        },
      ])}', '${QUESTION}');
    UPDATE conversations SET head_id = '${REPLY}' WHERE id = '${CONVERSATION}';
    INSERT INTO message_feedback (message_id, rating, comment) VALUES ('${REPLY}', 'up', 'Lovely');`);
  await session.release();
  const { model, id: modelId } = resolveEmbeddingModel('local');
  const { embeddings } = await embedMany({ model, values: [TEXT] });
  await db.prisma.$transaction((tx) =>
    storeChunks(
      tx,
      [
        {
          sourceId: SOURCE,
          generation: 1,
          ordinal: 0,
          text: TEXT,
          tokenCount: 12,
          location: { start: 0, end: TEXT.length },
          context: 'Otter facts',
          embedding: embeddings[0]!,
        },
      ],
      modelId,
    ),
  );
  await migrate(db, MIGRATIONS);
});

afterAll(async () => {
  await rm(older, { recursive: true, force: true });
});

describe(`an install upgraded across ${TEAMS}`, () => {
  it('keeps its sources in the public "General" collection, read, listed and searched by its keys as before', async () => {
    for (const key of [keys.admin, keys.user]) {
      const source = await api('GET', `/api/knowledge/sources/${SOURCE}`, { key });
      expect(source.status).toBe(200);
      const body = await bodyOf<{ title: string; collection: { name: string }; chunkCount: number }>(source);
      expect(body).toMatchObject({ title: 'Otter facts', chunkCount: 1, collection: { name: 'General' } });
      const listed = await bodyOf<{ data: { id: string }[] }>(await api('GET', '/api/knowledge/sources', { key }));
      expect(listed.data.map((s) => s.id)).toEqual([SOURCE]);
      expect(await (await api('GET', `/api/knowledge/sources/${SOURCE}/text`, { key })).text()).toBe(TEXT);
      const hits = await bodyOf<{ data: { sourceId: string }[] }>(
        await api('GET', '/api/knowledge/search?q=otters%20hold%20hands', { key }),
      );
      expect(hits.data.map((h) => h.sourceId)).toEqual([SOURCE]);
    }
    const collections = await bodyOf<{ data: { name: string; visibility: string; sourceCount: number }[] }>(
      await api('GET', '/api/collections', { key: keys.user }),
    );
    expect(collections.data).toEqual([
      expect.objectContaining({ name: 'General', visibility: 'public', sourceCount: 1 }),
    ]);
  });

  it('keeps an anonymous visitor’s conversation with its citation, and their reading of the knowledge', async () => {
    const cookie = `gw_visitor=${visitor.value}`;
    const conversation = await api('GET', `/api/conversations/${CONVERSATION}`, { cookie });
    expect(conversation.status).toBe(200);
    const text = await conversation.text();
    expect(text).toContain('Yes, they do [1].');
    expect(text).toContain('Otter facts');
    expect(text).toContain(TEXT);
    expect((await api('GET', `/api/knowledge/sources/${SOURCE}`, { cookie })).status).toBe(200);
    const hits = await bodyOf<{ data: { sourceId: string }[] }>(
      await api('GET', '/api/knowledge/search?q=otters', { cookie }),
    );
    expect(hits.data.map((h) => h.sourceId)).toEqual([SOURCE]);
  });

  it('keeps the feedback on the reply, for admins', async () => {
    const feedback = await api('GET', '/api/feedback', { key: keys.admin });
    expect(feedback.status).toBe(200);
    expect(await feedback.text()).toContain('Lovely');
  });
});
