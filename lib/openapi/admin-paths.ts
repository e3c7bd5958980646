import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorResponse, errorResponses, idParam, jsonBodyErrors, jsonOf } from '@/lib/schemas/common';
import {
  createdKeySchema,
  createKeyBody,
  keyListSchema,
  listKeysQuery,
  sessionSchema,
  signInBody,
} from '@/lib/schemas/keys';

const { 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 } = errorResponses;

/** Keys, the browser session and health: operational endpoints beside the two product tags. */
export const adminPaths: ZodOpenApiPathsObject = {
  '/keys': {
    get: {
      tags: ['keys'],
      summary: 'List API keys (admin)',
      requestParams: { query: listKeysQuery() },
      responses: {
        200: {
          description: 'Keys newest first, revoked ones too, without the secret.',
          content: jsonOf(keyListSchema),
        },
        400: e400,
        401: e401,
        403: e403,
        429: e429,
      },
    },
    post: {
      tags: ['keys'],
      summary: 'Create an API key (admin)',
      requestBody: { content: jsonOf(createKeyBody()) },
      responses: {
        201: { description: 'Created; `key` is shown this once.', content: jsonOf(createdKeySchema) },
        400: e400,
        401: e401,
        403: e403,
        429: e429,
      },
    },
  },
  '/keys/{id}': {
    delete: {
      tags: ['keys'],
      summary: 'Revoke an API key (admin)',
      requestParams: { path: idParam },
      responses: {
        204: { description: 'Revoked at once (again: nothing changes).' },
        400: e400,
        401: e401,
        403: e403,
        404: e404,
        409: errorResponse('The last active admin key: create another admin key first.'),
        429: e429,
      },
    },
  },
  '/session': {
    get: {
      tags: ['session'],
      summary: 'Who is calling',
      responses: { 200: { description: 'The principal.', content: jsonOf(sessionSchema) }, 401: e401, 429: e429 },
    },
    post: {
      tags: ['session'],
      summary: 'Sign in to the admin pages with an admin key',
      description: 'Sets an httpOnly, SameSite=Lax admin session cookie (12 hours).',
      security: [],
      requestBody: { content: jsonOf(signInBody) },
      responses: {
        200: { description: 'Signed in.', content: jsonOf(sessionSchema) },
        400: e400,
        401: e401,
        403: e403,
        ...jsonBodyErrors,
        429: e429,
      },
    },
    delete: {
      tags: ['session'],
      summary: 'Sign out of the admin pages',
      security: [],
      responses: { 204: { description: 'Signed out.' } },
    },
  },
  '/health': {
    get: {
      tags: ['operations'],
      summary: 'Liveness and database reachability',
      security: [],
      responses: {
        200: {
          description: 'Healthy.',
          content: jsonOf(z.object({ status: z.literal('ok'), db: z.literal('ok') })),
        },
        503: { description: 'The database is unreachable.' },
      },
    },
  },
  '/openapi.json': {
    get: {
      tags: ['operations'],
      summary: 'This document (OpenAPI 3.1)',
      security: [],
      responses: {
        200: {
          description: 'The OpenAPI document; `/docs` renders it.',
          content: jsonOf(z.object({ openapi: z.string() }).loose()),
        },
      },
    },
  },
};
