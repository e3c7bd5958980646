import { z } from 'zod';
import { pageQuery, titleSchema } from './common';

export const roleSchema = z
  .enum(['admin', 'user'])
  .meta({ description: 'admin: manage knowledge and keys; user: chat and search.' });

export const createKeyBody = () =>
  z
    .object({ name: titleSchema().meta({ description: 'What the key is for.' }), role: roleSchema })
    .meta({ id: 'CreateKey' });

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: roleSchema,
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it.' }),
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
      kind: z.enum(['key', 'anonymous']),
      name: z.string().nullable(),
    }),
  })
  .meta({ id: 'Session' });

export function presentKey(k: {
  id: string;
  name: string;
  role: 'admin' | 'user';
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): z.infer<typeof apiKeySchema> {
  return {
    id: k.id,
    name: k.name,
    role: k.role,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}
