// Generates the Prisma client after install. The Prisma CLI downloads its
// schema engine at start even for `generate`, which never uses it; pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download, so
// installs work offline (only the npm registry reachable).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
execFileSync('prisma', ['generate'], { stdio: 'inherit', env, shell: process.platform === 'win32' });
