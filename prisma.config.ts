// Prisma CLI configuration. The app itself never uses the CLI at run time:
// migrations are applied by lib/db/migrate.ts on both backends.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
