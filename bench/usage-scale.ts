// The admin's usage figures (GET /api/usage) at a year of a busy assistant: 25,000 conversations,
// 200,000 messages (questions and replies of about a kilobyte, most citing one to three of 2,000
// sources, one in twenty rated) spread over 365 days, written straight into a fresh database
// and timed through the real usageReport for 7, 30, 90 and 366 days. Prints one JSON line.
// Run by bench/usage.ts with DATABASE_URL pointing at a database of its own.
import { closeDatabase, prisma } from '@/lib/db';
import { usageReport } from '@/lib/conversations/usage-report';
import { percentile } from './scifact-data';

const MESSAGES = 200_000;
const CONVERSATIONS = 25_000;
const SOURCES = 2_000;

const db = await prisma();
const uuid = (prefix: string, n: string) => `('00000000-0000-7000-${prefix}-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const citation = (n: number, source: string) =>
  `jsonb_build_object('type', 'data-citation', 'id', 'citation-${n}', 'data', jsonb_build_object('n', ${n}, 'sourceId', ${uuid('8000', source)}, ` +
  `'chunkId', gen_random_uuid(), 'title', 'Source', 'snippet', repeat('a supporting sentence ', 10), 'location', '{}'::jsonb, 'generation', 0))`;
await db.$executeRawUnsafe(`INSERT INTO principals (id, kind) VALUES (${uuid('9000', '1')}, 'anonymous')`);
await db.$executeRawUnsafe(`
  INSERT INTO sources (id, title, kind, media_type, status, collection_id)
  SELECT ${uuid('8000', 'i')}, 'Handbook chapter ' || i, 'text', 'text/plain', 'ready', (SELECT id FROM collections WHERE name = 'General') FROM generate_series(1, ${SOURCES}) i`);
await db.$executeRawUnsafe(`
  INSERT INTO conversations (id, owner_id, created_at)
  SELECT ${uuid('a000', 'i')}, ${uuid('9000', '1')}, now() - (i % 365) * interval '1 day' FROM generate_series(1, ${CONVERSATIONS}) i`);
// Message i belongs to conversation 1 + (i / 2) % CONVERSATIONS: a question (even i) and its reply.
await db.$executeRawUnsafe(`
  INSERT INTO messages (id, conversation_id, role, parts, status, usage, created_at)
  SELECT gen_random_uuid(), ${uuid('a000', `1 + (i / 2) % ${CONVERSATIONS}`)},
    CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END::"MessageRole",
    CASE WHEN i % 2 = 0 THEN jsonb_build_array(jsonb_build_object('type', 'text', 'text', repeat('a question in words ', 4)))
      ELSE jsonb_build_array(jsonb_build_object('type', 'text', 'text', repeat('an answer from the handbook [1] ', 30)))
        || CASE WHEN i % 7 = 1 THEN '[]'::jsonb ELSE jsonb_build_array(${citation(1, `1 + i % ${SOURCES}`)}) END
        || CASE WHEN i % 3 = 1 THEN jsonb_build_array(${citation(2, `1 + (i * 7) % ${SOURCES}`)}) ELSE '[]'::jsonb END END,
    CASE WHEN i % 50 = 1 THEN 'failed' WHEN i % 50 = 3 THEN 'stopped' ELSE 'complete' END::"MessageStatus",
    CASE WHEN i % 2 = 1 THEN '{"inputTokens": 1800, "outputTokens": 160, "totalTokens": 1960}'::jsonb END,
    now() - ((i / 2) % 365) * interval '1 day' - (i % 86400) * interval '1 second'
  FROM generate_series(0, ${MESSAGES - 1}) i`);
await db.$executeRawUnsafe(`
  INSERT INTO message_feedback (message_id, rating)
  SELECT id, CASE WHEN random() < 0.7 THEN 'up' ELSE 'down' END::"FeedbackRating" FROM messages WHERE role = 'assistant' AND random() < 0.05`);
await db.$executeRawUnsafe('ANALYZE');

const figures: Record<string, number> = { messages: MESSAGES };
for (const days of [7, 30, 90, 366]) {
  const latencies: number[] = [];
  for (let round = 0; round < 12; round++) {
    const t = performance.now();
    await usageReport({ days, timeZone: 'Europe/Paris', reach: { all: true } });
    if (round >= 2) latencies.push(performance.now() - t);
  }
  figures[`days${days}P50Ms`] = percentile(latencies, 50);
  figures[`days${days}P95Ms`] = percentile(latencies, 95);
}
await closeDatabase();
console.log(JSON.stringify(figures));
