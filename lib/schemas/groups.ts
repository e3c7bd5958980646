import { z } from 'zod';
import { isBlank } from './common';

/** A group's or collection's name: trimmed, 1..100 characters, one of them visible. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((s) => !isBlank(s), 'must have a visible character, not only invisible ones')
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL (\\u0000) characters');

export const descriptionSchema = z
  .string()
  .trim()
  .max(1000, 'must be at most 1000 characters')
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL (\\u0000) characters');

export const groupSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    managedBy: z.enum(['oidc']).nullable().meta({
      description:
        '`oidc`: named by the identity provider’s groups claim; its members follow each sign-in and it cannot be edited here.',
    }),
    memberCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Group' });

export const groupMemberSchema = z
  .object({ id: z.uuid(), email: z.string(), name: z.string().nullable() })
  .meta({ id: 'GroupMember' });

export const groupWithMembersSchema = groupSchema
  .extend({ members: z.array(groupMemberSchema).meta({ description: 'By email.' }) })
  .meta({ id: 'GroupWithMembers' });

export const groupListSchema = z.object({ data: z.array(groupSchema) }).meta({ id: 'GroupList' });

export const createGroupBody = z
  .strictObject({ name: nameSchema, description: descriptionSchema.optional() })
  .meta({ id: 'CreateGroup' });

export const updateGroupBody = z
  .strictObject({ name: nameSchema.optional(), description: descriptionSchema.optional() })
  .meta({ id: 'UpdateGroup', description: 'Fields left out stay as they are.' });

export const setMembersBody = z
  .strictObject({
    userIds: z
      .array(z.uuid({ message: 'must be a UUID' }))
      .max(10_000)
      .meta({ description: 'The group’s members from now on: the whole list, which replaces the one there.' }),
  })
  .meta({ id: 'SetGroupMembers' });

export type GroupJson = z.infer<typeof groupSchema>;
export type GroupWithMembersJson = z.infer<typeof groupWithMembersSchema>;
