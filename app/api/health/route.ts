import { adminApi as api } from '@/lib/api/admin';
import { prisma } from '@/lib/db';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { errorFields, log } from '@/lib/log';

// GET /api/health – liveness and database reachability (no auth, no rate limit: for load balancers)
export const GET = serveRoute(api.health, async () => {
  try {
    const db = await prisma();
    await db.$queryRaw`SELECT 1`;
    return json({ status: 'ok', db: 'ok' });
  } catch (error) {
    log.error('health check failed', errorFields(error));
    return json({ status: 'error', db: 'unreachable' }, { status: 503 });
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.health);
