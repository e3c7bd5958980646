import { prisma } from '@/lib/db';
import { errorFields, log } from '@/lib/log';
import { json, otherMethods, withApi } from '@/lib/http/with-api';

// GET /api/health – liveness and database reachability (no auth, no rate limit: for load balancers)
export const GET = withApi(
  async () => {
    try {
      const db = await prisma();
      await db.$queryRaw`SELECT 1`;
      return json({ status: 'ok', db: 'ok' });
    } catch (error) {
      log.error('health check failed', errorFields(error));
      return json({ status: 'error', db: 'unreachable' }, { status: 503 });
    }
  },
  { auth: 'public', limit: 'none' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
