// Groups of people: what collections they read and edit follows from them (lib/access).
export { createGroup, deleteGroup, getGroupOrThrow, listGroups, updateGroup } from './manage-groups';
export { setGroupMembers } from './set-group-members';
