import { z } from 'zod';
import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import {
  createdKeySchema,
  createKeyBody,
  keyListSchema,
  listKeysQuery,
  sessionSchema,
  signInBody,
} from '@/lib/schemas/keys';

/** Keys, the browser session, health and this document: operational endpoints beside the product's. */
export const adminApi = {
  listKeys: defineRoute({
    method: 'GET',
    path: '/keys',
    auth: 'user',
    tags: ['keys'],
    summary: 'List API keys',
    description: 'Admins: every key. A signed-in person: their own keys.',
    query: listKeysQuery,
    responses: {
      200: { description: 'Keys newest first, revoked ones too, without the secret.', schema: keyListSchema },
      403: problem('Neither an admin nor a person’s account.'),
    },
  }),
  createKey: defineRoute({
    method: 'POST',
    path: '/keys',
    auth: 'user',
    tags: ['keys'],
    summary: 'Create an API key',
    description:
      'Admins: a standalone key, or (`userId`) one for a person. A person signed in in a browser: a key of their own, acting as them.',
    body: { schema: createKeyBody },
    responses: {
      201: { description: 'Created; `key` is shown this once.', schema: createdKeySchema },
      403: problem('Neither an admin nor a person signed in in a browser.'),
      404: problem('No such person or collection (or not readable by the key’s person).'),
    },
  }),
  revokeKey: defineRoute({
    method: 'DELETE',
    path: '/keys/{id}',
    auth: 'user',
    tags: ['keys'],
    summary: 'Revoke an API key',
    description: 'Admins: any key. A person: their own keys (others’ are 404).',
    params: idParam,
    responses: {
      204: { description: 'Revoked at once (again: nothing changes).' },
      403: problem('Neither an admin nor a person’s account.'),
      409: problem('The last active admin key: create another admin key first.'),
    },
  }),
  session: defineRoute({
    method: 'GET',
    path: '/session',
    auth: 'user',
    tags: ['session'],
    summary: 'Who is calling',
    responses: { 200: { description: 'The principal.', schema: sessionSchema } },
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/session',
    // Public: the key is in the body, not in an Authorization header.
    auth: 'public',
    sameOrigin: true,
    tags: ['session'],
    summary: 'Sign in to the admin pages with an admin key',
    description: 'Sets an httpOnly, SameSite=Lax admin session cookie (12 hours).',
    body: { schema: signInBody },
    responses: {
      200: { description: 'Signed in.', schema: sessionSchema },
      401: problem(),
      403: problem(),
    },
  }),
  signOut: defineRoute({
    method: 'DELETE',
    path: '/session',
    auth: 'public',
    sameOrigin: true,
    tags: ['session'],
    summary: 'Sign out of the admin pages',
    responses: { 204: { description: 'Signed out.' } },
  }),
  health: defineRoute({
    method: 'GET',
    path: '/health',
    // For load balancers: no auth, no rate limit.
    auth: 'public',
    limit: 'none',
    tags: ['operations'],
    summary: 'Liveness and database reachability',
    responses: {
      200: { description: 'Healthy.', schema: z.object({ status: z.literal('ok'), db: z.literal('ok') }) },
      503: { description: 'The database is unreachable.' },
    },
  }),
  openapi: defineRoute({
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    limit: 'none',
    tags: ['operations'],
    summary: 'This document (OpenAPI 3.1)',
    responses: {
      200: {
        description: 'The OpenAPI document; `/docs` renders it.',
        schema: z.object({ openapi: z.string() }).loose(),
      },
    },
  }),
};
