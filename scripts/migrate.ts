// npm run db:migrate – apply pending migrations to DATABASE_URL (the server also does this at start).
// npm run db:migrate -- --resolve-rolled-back <name> | --resolve-applied <name> – settle a failed
// migration that stops every start, as `prisma migrate resolve` does (lib/db/resolve-migration.ts).
import './load-env';
import { parseArgs } from 'node:util';
import { config } from '@/lib/config';
import { closeDatabase, getDatabase, MIGRATIONS_DIR } from '@/lib/db';
import { openDatabase } from '@/lib/db/driver';
import { resolveMigration } from '@/lib/db/resolve-migration';

try {
  const { values } = parseArgs({
    options: { 'resolve-rolled-back': { type: 'string' }, 'resolve-applied': { type: 'string' } },
  });
  const rolledBack = values['resolve-rolled-back'];
  const applied = values['resolve-applied'];
  if (rolledBack !== undefined && applied !== undefined)
    throw new Error('Give one of --resolve-rolled-back and --resolve-applied, not both.');
  const name = rolledBack ?? applied;
  if (name !== undefined) {
    // Opened without migrating: the start is what the failed migration stops.
    const db = await openDatabase(config().DATABASE_URL, 1);
    try {
      console.log(
        await resolveMigration({
          db,
          dir: MIGRATIONS_DIR,
          name,
          as: rolledBack !== undefined ? 'rolled-back' : 'applied',
        }),
      );
    } finally {
      await db.close();
    }
  } else {
    const db = await getDatabase();
    console.log(`Migrations applied; the ${db.backend} database is up to date.`);
    await closeDatabase();
  }
} catch (error) {
  console.error(`Could not migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
