import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProjectEnv } from '@/lib/project-env';

// The scripts (npm run keys, worker, reindex, db:migrate) read .env files as the server does:
// a DATABASE_URL set only in .env.local must not send `npm run keys` to another database.
const dir = mkdtempSync(path.join(tmpdir(), 'gw-env-'));
const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  rmSync(path.join(dir, '.env.local'), { force: true });
  rmSync(path.join(dir, '.env'), { force: true });
});

describe('loadProjectEnv', () => {
  it('reads .env.local over .env, as next start does, and never over the environment', () => {
    Reflect.deleteProperty(process.env, 'NODE_ENV');
    delete process.env.DATABASE_URL;
    delete process.env.LOG_LEVEL;
    process.env.TRUST_PROXY = 'true';
    writeFileSync(path.join(dir, '.env'), 'DATABASE_URL=pglite:./from-dotenv\nLOG_LEVEL=debug\nTRUST_PROXY=false\n');
    writeFileSync(path.join(dir, '.env.local'), 'DATABASE_URL=postgres://db.internal/groundwork\n');
    loadProjectEnv(dir);
    expect(process.env.DATABASE_URL).toBe('postgres://db.internal/groundwork');
    expect(process.env.LOG_LEVEL).toBe('debug');
    expect(process.env.TRUST_PROXY).toBe('true');
  });
});
