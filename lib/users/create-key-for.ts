import 'server-only';
import { assertReadableCollection } from '@/lib/access';
import { createApiKey, type ApiKeyView } from '@/lib/auth/api-keys';
import type { Principal } from '@/lib/auth/principal';
import { prisma } from '@/lib/db';
import type { Role } from '@/lib/db/generated/enums';
import { ApiError, notFound } from '@/lib/http/api-error';

/**
 * POST /api/keys for every kind of caller. Admins make a standalone key (as before), or one for a
 * person (`userId`). A person signed in in a browser makes a key of their own; not with a key, so a
 * narrowed key cannot mint a wider one. A person's key acts as them, with their role. Each of
 * `collectionIds` must be readable by whom the key acts for, else 404 as an unknown collection.
 */
export async function createKeyFor(
  caller: Principal,
  input: { name: string; role?: Role; collectionIds?: string[]; userId?: string },
): Promise<ApiKeyView & { key: string }> {
  const isAdmin = caller.role === 'admin';
  let ownerId: string | undefined = input.userId;
  if (ownerId === undefined && caller.kind === 'user') ownerId = caller.id;
  if (!isAdmin) {
    if (caller.kind !== 'user') throw new ApiError('forbidden', 'API keys belong to accounts: sign in to create one.');
    if (caller.via !== 'user-cookie')
      throw new ApiError('forbidden', 'Create keys of your account from the account page, signed in.');
    if (ownerId !== caller.id) throw new ApiError('forbidden', 'Only admins create keys for other people.');
  }

  let owner: Principal;
  if (ownerId !== undefined) {
    const db = await prisma();
    const user = await db.user.findUnique({
      where: { id: ownerId },
      select: { status: true, principal: { select: { role: true, name: true } } },
    });
    if (!user) throw notFound('user');
    owner = { id: ownerId, kind: 'user', role: user.principal.role, name: user.principal.name, via: 'bearer' };
  } else {
    // A standalone key: an admin chooses its role.
    owner = { id: 'standalone', kind: 'key', role: input.role ?? 'user', name: input.name, via: 'bearer' };
  }
  for (const id of new Set(input.collectionIds ?? [])) await assertReadableCollection(owner, id);
  return createApiKey({
    name: input.name,
    role: owner.role,
    principalId: owner.kind === 'user' ? owner.id : undefined,
    collectionIds: input.collectionIds,
  });
}
