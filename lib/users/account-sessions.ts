import 'server-only';
import { prisma } from '@/lib/db';

export interface AccountSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** A person's open sessions, most recently used first; `current` marks the one of this request. */
export async function listAccountSessions(userId: string, currentId?: string): Promise<AccountSession[]> {
  const db = await prisma();
  const rows = await db.userSession.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: { id: true, userAgent: true, createdAt: true, lastSeenAt: true },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    take: 100,
  });
  return rows.map((s) => ({
    id: s.id,
    current: s.id === currentId,
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
  }));
}

/** Ends one of a person's sessions; false when they have none with that id (someone else's is none). */
export async function endAccountSession(userId: string, sessionId: string): Promise<boolean> {
  const db = await prisma();
  return (await db.userSession.deleteMany({ where: { id: sessionId, userId } })).count > 0;
}
