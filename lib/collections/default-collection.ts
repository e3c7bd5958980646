import 'server-only';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';

let cached: { name: string; id: string } | undefined;

/**
 * The collection a source goes to when its request names none: the one named by
 * DEFAULT_COLLECTION, created `public` the first time it is needed (the upgrade migration
 * creates "General" and puts every earlier source there).
 */
export async function defaultCollectionId(): Promise<string> {
  const name = config().DEFAULT_COLLECTION;
  if (cached?.name === name) return cached.id;
  const db = await prisma();
  const found = await db.collection.upsert({
    where: { name },
    create: { name, visibility: 'public' },
    update: {},
    select: { id: true },
  });
  cached = { name, id: found.id };
  return found.id;
}

/** After the default collection is renamed or deleted, or in tests that empty the database. */
export function forgetDefaultCollection(): void {
  cached = undefined;
}
