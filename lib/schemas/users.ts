import { z } from 'zod';
import { containsQuery, pageQuery } from './common';

/** The API's names for a person's role: `member` is the database's `user`. */
export const userRoleSchema = z
  .enum(['admin', 'member'])
  .meta({ description: 'admin: manages people, knowledge and keys; member: chats and reads what they may.' });
export type UserRole = z.infer<typeof userRoleSchema>;
export const toDbRole = (role: UserRole) => (role === 'admin' ? 'admin' : 'user');
export const fromDbRole = (role: 'admin' | 'user'): UserRole => (role === 'admin' ? 'admin' : 'member');

const emailSchema = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ pattern: z.regexes.unicodeEmail, message: 'must be an email address' }))
  .meta({ description: 'Compared and stored case-insensitively (lower case, Unicode NFC).' });
const nameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: userRoleSchema,
    status: z.enum(['active', 'disabled']),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime().nullable(),
    hasPassword: z.boolean().meta({ description: 'Has set a password (accepted an invitation).' }),
    sso: z.boolean().meta({ description: 'Signs in with single sign-on (OpenID Connect).' }),
  })
  .meta({ id: 'User' });
export type UserView = z.infer<typeof userSchema>;

export const userListSchema = z
  .object({ data: z.array(userSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'UserList' });

export const listUsersQuery = () =>
  pageQuery().extend({ q: containsQuery('Only people whose email or name contains this (any case).') });

export const inviteUserBody = z
  .object({ email: emailSchema, name: nameSchema.optional(), role: userRoleSchema.default('member') })
  .meta({ id: 'InviteUser' });

const linkDescription = 'A one-time link to pass on to the person (valid 7 days); it is shown this once.';
export const invitedUserSchema = z
  .object({ user: userSchema, invitationUrl: z.url().meta({ description: linkDescription }) })
  .meta({ id: 'InvitedUser' });

export const updateUserBody = z
  .object({
    name: nameSchema.nullable().optional(),
    role: userRoleSchema.optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .meta({ id: 'UpdateUser', description: 'Disabling ends the person’s sessions and stops their keys at once.' });

export const passwordResetSchema = z
  .object({ resetUrl: z.url().meta({ description: linkDescription }) })
  .meta({ id: 'PasswordReset' });

export const passwordSchema = z
  .string()
  .min(12, 'must be at least 12 characters')
  .max(1024, 'must be at most 1024 characters')
  .meta({ description: 'At least 12 characters.' });

export const tokenParam = z.object({
  token: z.string().max(200).meta({ description: 'The token of a one-time link (the last part of its URL).' }),
});

export const invitationSchema = z
  .object({ email: z.string(), name: z.string().nullable(), purpose: z.enum(['invitation', 'reset']) })
  .meta({ id: 'Invitation' });

export const acceptInvitationBody = z
  .object({ password: passwordSchema, name: nameSchema.optional() })
  .meta({ id: 'AcceptInvitation' });

export const passwordSignInBody = z
  .object({
    email: z.string().max(254).meta({ description: 'The account’s email, any case.' }),
    password: z.string().max(1024),
  })
  .meta({ id: 'PasswordSignIn' });

export const signedInSchema = z.object({ user: userSchema }).meta({ id: 'SignedIn' });

export const authOptionsSchema = z
  .object({
    oidc: z.boolean().meta({ description: 'Single sign-on is configured: GET /api/auth/oidc/start.' }),
    password: z.boolean().meta({ description: 'Local accounts exist: POST /api/auth/password.' }),
    anonymous: z.boolean().meta({ description: 'Visitors may chat without signing in.' }),
  })
  .meta({ id: 'AuthOptions' });

export const accountSessionSchema = z
  .object({
    id: z.uuid(),
    current: z.boolean().meta({ description: 'The session of this request.' }),
    userAgent: z.string().nullable(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountSession' });

export const accountSchema = z
  .object({ user: userSchema, sessions: z.array(accountSessionSchema) })
  .meta({ id: 'Account' });
