import { z } from 'zod';
import { pageQuery, titleSchema } from './common';

export const roleSchema = z
  .enum(['admin', 'user'])
  .meta({ description: 'admin: manage knowledge and keys; user: chat and search.' });

export const createKeyBody = () =>
  z
    .object({
      name: titleSchema().meta({ description: 'What the key is for.' }),
      role: roleSchema.optional().meta({
        description: 'A standalone key’s role (admins only; default `user`). A person’s key has the person’s role.',
      }),
      collectionIds: z
        .array(z.uuid({ message: 'must be a collection id (a UUID)' }))
        .max(100)
        .optional()
        .meta({ description: 'Read only these collections (each readable by the key’s person, else 404).' }),
      userId: z.uuid({ message: 'must be a user id (a UUID)' }).optional().meta({
        description:
          'Admins: create the key for this person. Without it, a signed-in person’s key is their own, and an admin key makes a standalone key.',
      }),
    })
    .meta({ id: 'CreateKey' });

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: roleSchema,
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it.' }),
    collectionIds: z.array(z.uuid()).meta({ description: 'The collections it is narrowed to (empty: not narrowed).' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const createdKeySchema = apiKeySchema
  .extend({ key: z.string().meta({ description: 'The key itself. Shown once; only its hash is stored.' }) })
  .meta({ id: 'CreatedKey' });

export const keyListSchema = z
  .object({
    data: z.array(apiKeySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'ApiKeyList' });

export const listKeysQuery = pageQuery;

export const signInBody = z
  .object({ key: z.string().min(1).max(512).meta({ description: 'An admin API key.' }) })
  .meta({ id: 'SignIn' });

export const sessionSchema = z
  .object({
    principal: z.object({
      id: z.uuid(),
      role: roleSchema,
      kind: z.enum(['key', 'anonymous', 'user']),
      name: z.string().nullable(),
      email: z.string().optional().meta({ description: 'A person’s (kind `user`) email.' }),
    }),
  })
  .meta({ id: 'Session' });

export function presentKey(k: {
  id: string;
  name: string;
  role: 'admin' | 'user';
  prefix: string;
  collectionIds: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): z.infer<typeof apiKeySchema> {
  return {
    id: k.id,
    name: k.name,
    role: k.role,
    prefix: k.prefix,
    collectionIds: k.collectionIds,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}
