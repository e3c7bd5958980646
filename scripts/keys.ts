// npm run keys -- create <name> [--role admin|user] | list | revoke <id>
// The same key management as /api/keys, for the command line. On embedded PGlite it needs the
// server stopped (PGlite serves one process; the database's lock file refuses a second).
import './load-env';
import { parseArgs } from 'node:util';
import { createApiKey, listApiKeys, revokeApiKey } from '@/lib/auth/api-keys';
import { closeDatabase } from '@/lib/db';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string', default: 'user' } },
});
const [command, arg] = positionals;

async function main(): Promise<number> {
  switch (command) {
    case 'create': {
      const role = values.role;
      if (!arg || (role !== 'admin' && role !== 'user')) {
        console.error('usage: npm run keys -- create <name> [--role admin|user]');
        return 2;
      }
      const created = await createApiKey({ name: arg, role });
      console.log(`Created ${role} key "${created.name}" (${created.id}). Shown once:\n\n  ${created.key}\n`);
      return 0;
    }
    case 'list': {
      let cursor: string | undefined;
      let any = false;
      do {
        const page = await listApiKeys({ limit: 100, cursor });
        for (const k of page.keys) {
          const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active';
          console.log(`${k.id}  ${k.role.padEnd(5)}  ${k.prefix}…  ${state.padEnd(32)}  ${k.name}`);
        }
        any ||= page.keys.length > 0;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      if (!any) console.log('No keys.');
      return 0;
    }
    case 'revoke': {
      if (!arg) {
        console.error('usage: npm run keys -- revoke <id>');
        return 2;
      }
      if (!(await revokeApiKey(arg))) {
        console.error(`No key with id ${arg}.`);
        return 1;
      }
      console.log(`Revoked ${arg}.`);
      return 0;
    }
    default:
      console.error('usage: npm run keys -- create <name> [--role admin|user] | list | revoke <id>');
      return 2;
  }
}

try {
  const code = await main();
  await closeDatabase();
  process.exit(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
