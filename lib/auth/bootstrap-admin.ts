import 'server-only';
import { config } from '@/lib/config';
import { Prisma, prisma } from '@/lib/db';
import { log } from '@/lib/log';
import { createApiKey, hashKey } from './api-keys';

/**
 * ADMIN_API_KEY makes that key an admin key at every start. Without it, the first
 * start of an instance with no admin creates one and prints it once; a settings
 * row makes sure only one of several instances starting at once does so.
 */
export async function bootstrapAdmin(): Promise<void> {
  const db = await prisma();
  const fromEnv = config().ADMIN_API_KEY;
  if (fromEnv) {
    let existing = await db.apiKey.findUnique({ where: { hash: hashKey(fromEnv) } });
    if (!existing) {
      try {
        await createApiKey({ name: 'ADMIN_API_KEY', role: 'admin', key: fromEnv });
        return;
      } catch (error) {
        // Instances started together on one database: another one created it first.
        if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
        existing = await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(fromEnv) } });
      }
    }
    if (existing.role !== 'admin' || existing.revokedAt) {
      await db.$transaction([
        db.apiKey.update({ where: { id: existing.id }, data: { role: 'admin', revokedAt: null } }),
        db.principal.update({ where: { id: existing.principalId }, data: { role: 'admin' } }),
      ]);
    }
    return;
  }
  if ((await db.apiKey.count({ where: { role: 'admin', revokedAt: null } })) > 0) return;
  const claimed = await db.$queryRaw<{ key: string }[]>`
    INSERT INTO "settings" ("key", "value") VALUES ('admin_bootstrap', ${new Date().toISOString()})
    ON CONFLICT ("key") DO NOTHING RETURNING "key"`;
  if (claimed.length === 0) return;
  const created = await createApiKey({ name: 'first admin', role: 'admin' });
  log.warn('created the first admin API key; it is shown this once, keep it safe', { adminApiKey: created.key });
}
