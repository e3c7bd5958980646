import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import { crawlPageSchema, crawlSchema, listCrawlsQuery } from '@/lib/schemas/crawls';
import { updateRefreshBody } from '@/lib/schemas/refreshes';

const tags = ['knowledge'];

/** Crawls of websites (app/api/knowledge/crawls); one is started by `POST /knowledge/sources {crawl}`. */
export const crawlsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/knowledge/crawls',
    auth: 'user',
    tags,
    summary: 'List crawls',
    description: 'Only the crawls of collections you may read, newest first, each with its progress.',
    query: listCrawlsQuery,
    responses: { 200: { description: 'Newest first.', schema: crawlPageSchema } },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/knowledge/crawls/{id}',
    auth: 'user',
    tags,
    summary: 'Get a crawl and its progress',
    description: 'Its pages are listed by `GET /knowledge/sources?crawlId={id}`.',
    params: idParam,
    responses: { 200: { description: 'The crawl.', schema: crawlSchema } },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/knowledge/crawls/{id}',
    auth: 'user',
    tags,
    summary: 'Set a crawl’s refresh schedule (admin or editor)',
    description:
      'Its next refresh is now + the interval (when a crawl under way ends, if it is); `null` stops refreshing it.',
    params: idParam,
    body: { schema: updateRefreshBody, mediaTypes: ['application/merge-patch+json', 'application/json'] },
    responses: {
      200: { description: 'The crawl as changed.', schema: crawlSchema },
      403: problem('You read its collection but may not edit it.'),
      415: problem('The body is not JSON.'),
    },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/knowledge/crawls/{id}',
    auth: 'user',
    tags,
    summary: 'Delete a crawl and its pages (admin or editor)',
    description: 'Its pages (sources) go with it, with their chunks; a crawl under way stops.',
    params: idParam,
    responses: {
      204: { description: 'Deleted.' },
      403: problem('You read its collection but may not edit it.'),
    },
  }),
};
