import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import {
  createGroupBody,
  groupListSchema,
  groupSchema,
  groupWithMembersSchema,
  setMembersBody,
  updateGroupBody,
} from '@/lib/schemas/groups';

const tags = ['groups'];
const managed = problem('The group is managed by the identity provider (`managedBy: oidc`): change it there.');

/** Groups of people, which collections name as readers and editors (app/api/groups). */
export const groupsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/groups',
    auth: 'admin',
    tags,
    summary: 'List groups (admin)',
    responses: { 200: { description: 'Every group, by name.', schema: groupListSchema } },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/groups',
    auth: 'admin',
    tags,
    summary: 'Create a group (admin)',
    body: { schema: createGroupBody },
    responses: {
      201: { description: 'Created, with no members.', schema: groupSchema },
      409: problem('Another group has that name.'),
    },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/groups/{id}',
    auth: 'admin',
    tags,
    summary: 'Get a group and its members (admin)',
    params: idParam,
    responses: { 200: { description: 'The group.', schema: groupWithMembersSchema } },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/groups/{id}',
    auth: 'admin',
    tags,
    summary: 'Rename a group or change its description (admin)',
    params: idParam,
    body: { schema: updateGroupBody, mediaTypes: ['application/merge-patch+json', 'application/json'] },
    responses: {
      200: { description: 'The group as changed.', schema: groupSchema },
      409: problem('Another group has that name, or the group is managed by the identity provider.'),
    },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/groups/{id}',
    auth: 'admin',
    tags,
    summary: 'Delete a group (admin)',
    description: 'Its members lose what it gave them (reading and editing collections) at their next request.',
    params: idParam,
    responses: { 204: { description: 'Deleted.' }, 409: managed },
  }),
  setMembers: defineRoute({
    method: 'PUT',
    path: '/groups/{id}/members',
    auth: 'admin',
    tags,
    summary: 'Set a group’s members (admin)',
    description: 'The list replaces the members there. Ids that name no user are a 400 naming them; nothing changes.',
    params: idParam,
    body: { schema: setMembersBody },
    responses: { 200: { description: 'The group with its members.', schema: groupWithMembersSchema }, 409: managed },
  }),
};
