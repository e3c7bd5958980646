import { defineRoute, problem } from '@/lib/http/define-route';
import { syncBody, syncParams, syncQuery, syncResultSchema } from '@/lib/schemas/sync';

/** Keeping sources in step with an outside system (app/api/knowledge/sync). */
export const syncApi = {
  sync: defineRoute({
    method: 'PUT',
    path: '/knowledge/sync/{connector}',
    auth: 'user',
    tags: ['knowledge'],
    summary: 'Sync a connector’s sources (admin or editor)',
    description:
      'Upserts sources by (connector, `externalId`): new ones are created, changed ones queued as their next generation ' +
      '(the old stays searchable until the new is indexed), and those with the same content, title and metadata (and, for a ' +
      'web page, the same `updatedAt`) are left alone: sending the same request twice changes nothing. With `complete: true` ' +
      'the connector’s sources in the collection that the request does not name are deleted. Up to 1,000 sources a request; ' +
      'a larger set goes in pages sharing a `run.id`, `complete` on the last: it deletes only when every earlier page has ' +
      'arrived. A failed request stores nothing. Syncs of one connector run one at a time. An item whose content another ' +
      'source of the collection holds is counted in `failed` and listed in `errors`; the rest of the request goes on.',
    params: syncParams,
    query: syncQuery,
    body: {
      documented: {
        description: 'The sources as the outside system has them (JSON, up to MAX_UPLOAD_BYTES).',
        content: { 'application/json': { schema: syncBody } },
      },
    },
    responses: {
      200: {
        description: 'Done: what was created, updated, left unchanged, deleted or failed.',
        schema: syncResultSchema,
      },
      403: problem('You may not add to that collection (you read it but are not in its editor groups), or to any.'),
      409: problem(
        'A paged sync’s last page arrived before some earlier ones (`missingPages`): send them again, then this page again. Nothing was stored.',
      ),
      413: problem('The body is over MAX_UPLOAD_BYTES.'),
      415: problem('The body is not application/json.'),
      422: problem(
        'A `complete` sync with no sources, without `?allowEmpty=true`: it would delete all of the connector’s sources.',
      ),
    },
  }),
};
