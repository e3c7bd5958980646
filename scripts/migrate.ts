// npm run db:migrate – apply pending migrations to DATABASE_URL (the server also does this at start).
import { closeDatabase, getDatabase } from '@/lib/db';

const db = await getDatabase();
console.log(`Migrations applied; database (${db.backend}) is up to date.`);
await closeDatabase();
