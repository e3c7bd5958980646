// npm run db:migrate – apply pending migrations to DATABASE_URL (the server also does this at start).
import './load-env';
import { closeDatabase, getDatabase } from '@/lib/db';

try {
  const db = await getDatabase();
  console.log(`Migrations applied; the ${db.backend} database is up to date.`);
  await closeDatabase();
} catch (error) {
  console.error(`Could not migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
