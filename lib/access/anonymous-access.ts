import 'server-only';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';

let accountsSeen = false;
let checkedAt = 0;

/**
 * Whether visitors who have not signed in may use the chat (and read public collections).
 * `ANONYMOUS_ACCESS` decides when set; unset, it is on while there is neither an identity provider
 * nor any account, so the two-command start keeps working with no sign-in, and off once people
 * sign in. "Some account exists" is looked up at most every five seconds, and once true is kept.
 */
export async function anonymousAccess(): Promise<boolean> {
  const c = config();
  if (c.ANONYMOUS_ACCESS) return c.ANONYMOUS_ACCESS === 'on';
  if (c.OIDC_ISSUER) return false;
  if (!accountsSeen && Date.now() - checkedAt > 5000) {
    const db = await prisma();
    accountsSeen = (await db.user.count({ take: 1 })) > 0;
    checkedAt = Date.now();
  }
  return !accountsSeen;
}

/** A test that deletes every account (or adds the first) sees the change at once. */
export function forgetAccountsSeen(): void {
  accountsSeen = false;
  checkedAt = 0;
}
