import { z } from 'zod';
import { descriptionSchema, nameSchema } from './groups';

export const visibilitySchema = z.enum(['public', 'members', 'groups']).meta({
  description:
    'Who reads it: `public` everyone, anonymous visitors included; `members` every signed-in person and API key; ' +
    '`groups` the members of `readerGroupIds`. Admins and the members of `editorGroupIds` always do.',
});

const groupIds = (description: string) =>
  z
    .array(z.uuid({ message: 'must be a UUID' }))
    .max(1000)
    .meta({ description });

export const collectionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    visibility: visibilitySchema,
    readerGroupIds: z.array(z.uuid()).meta({ description: 'The groups that read it when `visibility` is `groups`.' }),
    editorGroupIds: z.array(z.uuid()).meta({
      description: 'The groups whose members add, replace, rename, move and delete its sources (and read it).',
    }),
    sourceCount: z.number().int(),
    chunkCount: z.number().int().meta({ description: 'The searchable chunks of its sources.' }),
    canEdit: z.boolean().meta({ description: 'Whether the caller may change its sources.' }),
    isDefault: z.boolean().meta({
      description: 'The collection named by `DEFAULT_COLLECTION`: sources sent without `collectionId` go there.',
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Collection' });

export const collectionListSchema = z.object({ data: z.array(collectionSchema) }).meta({ id: 'CollectionList' });

export const createCollectionBody = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema.optional(),
    visibility: visibilitySchema.default('groups').meta({
      description: 'Default `groups`: with no reader groups, only admins and editors read it until you say who does.',
    }),
    readerGroupIds: groupIds('Groups that read it (with `visibility: groups`).').default([]),
    editorGroupIds: groupIds('Groups whose members edit its sources.').default([]),
  })
  .meta({ id: 'CreateCollection' });

export const updateCollectionBody = z
  .strictObject({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    visibility: visibilitySchema.optional(),
    readerGroupIds: groupIds('Replaces its reader groups.').optional(),
    editorGroupIds: groupIds('Replaces its editor groups.').optional(),
  })
  .meta({
    id: 'UpdateCollection',
    description: 'Fields left out stay as they are; a list sent replaces the one there.',
  });

export const deleteCollectionQuery = z.object({
  deleteSources: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .meta({
      description:
        '`true`: delete its sources (and their chunks) with it. Otherwise a collection holding sources is a 409.',
    }),
});

export type CollectionJson = z.infer<typeof collectionSchema>;
export type Visibility = z.infer<typeof visibilitySchema>;
