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
    auth: 'admin',
    tags: ['keys'],
    summary: 'List API keys (admin)',
    query: listKeysQuery,
    responses: {
      200: { description: 'Keys newest first, revoked ones too, without the secret.', schema: keyListSchema },
    },
  }),
  createKey: defineRoute({
    method: 'POST',
    path: '/keys',
    auth: 'admin',
    tags: ['keys'],
    summary: 'Create an API key (admin)',
    body: { schema: createKeyBody },
    responses: { 201: { description: 'Created; `key` is shown this once.', schema: createdKeySchema } },
  }),
  revokeKey: defineRoute({
    method: 'DELETE',
    path: '/keys/{id}',
    auth: 'admin',
    tags: ['keys'],
    summary: 'Revoke an API key (admin)',
    params: idParam,
    responses: {
      204: { description: 'Revoked at once (again: nothing changes).' },
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
