import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/driver';
import { migrate } from '@/lib/db/migrate';

// Conversations stored before branches existed must read back unchanged after the upgrade:
// each becomes one branch, every message after the one before it, ending at the last.
const BRANCHES = '20261125000000_message_branches';
const MIGRATIONS = path.join(process.cwd(), 'prisma/migrations');
let db: Database;
let older: string;

beforeAll(async () => {
  older = await mkdtemp(path.join(tmpdir(), 'gw-migrations-'));
  for (const name of await readdir(MIGRATIONS)) {
    if (name < BRANCHES) await cp(path.join(MIGRATIONS, name), path.join(older, name), { recursive: true });
  }
  db = await openDatabase('pglite:memory');
  await migrate(db, older);
});

afterAll(async () => {
  await db.close();
  await rm(older, { recursive: true, force: true });
});

describe(`migration ${BRANCHES}`, () => {
  it('turns each stored conversation into one branch that ends at its last message', async () => {
    const session = await db.session();
    try {
      await session.exec(`
        INSERT INTO principals (id, kind) VALUES ('01a20000-0000-7000-8000-000000000001', 'anonymous');
        INSERT INTO conversations (id, owner_id) VALUES
          ('01a20000-0000-7000-8000-0000000000c1', '01a20000-0000-7000-8000-000000000001'),
          ('01a20000-0000-7000-8000-0000000000c2', '01a20000-0000-7000-8000-000000000001'),
          ('01a20000-0000-7000-8000-0000000000c3', '01a20000-0000-7000-8000-000000000001');
        INSERT INTO messages (id, conversation_id, role, created_at) VALUES
          ('01a20000-0000-7000-8000-000000000a01', '01a20000-0000-7000-8000-0000000000c1', 'user', '2026-01-01T00:00:00Z'),
          ('01a20000-0000-7000-8000-000000000a02', '01a20000-0000-7000-8000-0000000000c1', 'assistant', '2026-01-01T00:00:01Z'),
          ('01a20000-0000-7000-8000-000000000a04', '01a20000-0000-7000-8000-0000000000c1', 'assistant', '2026-01-01T00:00:03Z'),
          ('01a20000-0000-7000-8000-000000000a03', '01a20000-0000-7000-8000-0000000000c1', 'user', '2026-01-01T00:00:02Z'),
          ('01a20000-0000-7000-8000-000000000b01', '01a20000-0000-7000-8000-0000000000c2', 'user', '2026-01-01T00:00:00Z'),
          ('01a20000-0000-7000-8000-000000000b02', '01a20000-0000-7000-8000-0000000000c2', 'assistant', '2026-01-01T00:00:00Z');`);
      await migrate(db, MIGRATIONS);
      const messages = await session.query<{ id: string; parent_id: string | null }>(
        'SELECT id::text, parent_id::text FROM messages ORDER BY id',
      );
      expect(Object.fromEntries(messages.map((m) => [m.id.slice(-4), m.parent_id?.slice(-4) ?? null]))).toEqual({
        '0a01': null,
        '0a02': '0a01',
        '0a03': '0a02',
        '0a04': '0a03',
        '0b01': null,
        '0b02': '0b01', // same time: the id breaks the tie, as the listing did
      });
      const heads = await session.query<{ id: string; head_id: string | null }>(
        'SELECT id::text, head_id::text FROM conversations ORDER BY id',
      );
      expect(heads.map((c) => c.head_id?.slice(-4) ?? null)).toEqual(['0a04', '0b02', null]);
    } finally {
      await session.release();
    }
  });
});
