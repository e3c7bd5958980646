import 'server-only';
import { randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';

const globalForSecret = globalThis as unknown as { __sessionSecret?: Promise<string> };

/**
 * The key that signs session cookies: SESSION_SECRET, or one generated on first
 * start and kept in the database so restarts and other instances share it.
 */
export function getSessionSecret(): Promise<string> {
  globalForSecret.__sessionSecret ??= (async () => {
    const fromEnv = config().SESSION_SECRET;
    if (fromEnv) return fromEnv;
    const db = await prisma();
    await db.setting.upsert({
      where: { key: 'session_secret' },
      create: { key: 'session_secret', value: randomBytes(32).toString('base64url') },
      update: {},
    });
    const row = await db.setting.findUniqueOrThrow({ where: { key: 'session_secret' } });
    return row.value;
  })();
  globalForSecret.__sessionSecret.catch(() => {
    globalForSecret.__sessionSecret = undefined;
  });
  return globalForSecret.__sessionSecret;
}
