import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/lib/db';
import { loadMigrations, migrate } from '@/lib/db/migrate';
import path from 'node:path';

describe('migrations', () => {
  it('records every migration as prisma migrate deploy does, and is idempotent', async () => {
    const db = await getDatabase();
    const session = await db.session();
    try {
      const rows = await session.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
      );
      const files = await loadMigrations(path.join(process.cwd(), 'prisma/migrations'));
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
      for (const [i, row] of rows.entries()) {
        expect(row.checksum).toBe(files[i]?.checksum);
        expect(row.finished_at).not.toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
    } finally {
      await session.release();
    }
    const again = await migrate(db, path.join(process.cwd(), 'prisma/migrations'));
    expect(again.applied).toEqual([]);
  });

  it('has the vector extension', async () => {
    const db = await getDatabase();
    const rows = await db.prisma.$queryRaw<{ v: string }[]>`SELECT '[1,2,3]'::vector <=> '[1,2,4]'::vector AS v`;
    expect(Number(rows[0]?.v)).toBeGreaterThan(0);
  });

  it('has the pg_trgm extension', async () => {
    const db = await getDatabase();
    const rows = await db.prisma.$queryRaw<{ s: number }[]>`SELECT similarity('groundwork', 'groundworks')::float8 AS s`;
    expect(rows[0]?.s).toBeGreaterThan(0.5);
  });
});
