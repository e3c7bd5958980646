import { defineRoute, problem } from '@/lib/http/define-route';
import {
  collectionListSchema,
  collectionSchema,
  createCollectionBody,
  deleteCollectionQuery,
  updateCollectionBody,
} from '@/lib/schemas/collections';
import { idParam } from '@/lib/schemas/common';

const tags = ['collections'];

/** Collections: named sets of sources, each with who reads it and who edits it (app/api/collections). */
export const collectionsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/collections',
    auth: 'user',
    tags,
    summary: 'List the collections you may read',
    description:
      'Anonymous visitors see the `public` ones. Each says how many sources and chunks it holds and whether you may edit it.',
    responses: { 200: { description: 'By name.', schema: collectionListSchema } },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/collections',
    auth: 'admin',
    tags,
    summary: 'Create a collection (admin)',
    body: { schema: createCollectionBody },
    responses: {
      201: { description: 'Created, empty.', schema: collectionSchema },
      409: problem('Another collection has that name.'),
    },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/collections/{id}',
    auth: 'user',
    tags,
    summary: 'Get a collection you may read',
    description: 'A collection you may not read answers 404, as an unknown id does.',
    params: idParam,
    responses: { 200: { description: 'The collection.', schema: collectionSchema } },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/collections/{id}',
    auth: 'admin',
    tags,
    summary: 'Change a collection’s name, description or access (admin)',
    description:
      'Who reads and edits it changes at the next request of each caller. The default collection cannot be renamed.',
    params: idParam,
    body: { schema: updateCollectionBody, mediaTypes: ['application/merge-patch+json', 'application/json'] },
    responses: {
      200: { description: 'The collection as changed.', schema: collectionSchema },
      409: problem('Another collection has that name, or this is the default collection and the name changes.'),
    },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/collections/{id}',
    auth: 'admin',
    tags,
    summary: 'Delete a collection (admin)',
    params: idParam,
    query: deleteCollectionQuery,
    responses: {
      204: { description: 'Deleted (with its sources, when `deleteSources=true`).' },
      409: problem(
        'It holds sources (`sourceCount` says how many) and `deleteSources` is not `true`, or it is the default collection.',
      ),
    },
  }),
};
