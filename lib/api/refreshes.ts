import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import { crawlSchema } from '@/lib/schemas/crawls';
import { sourceSchema } from '@/lib/schemas/knowledge';
import { refreshListSchema, refreshSchema } from '@/lib/schemas/refreshes';

const tags = ['knowledge'];

/** Refreshes of web pages and crawls: asked for now, and their log (app/api/knowledge/…/refresh*). */
export const refreshesApi = {
  refreshSource: defineRoute({
    method: 'POST',
    path: '/knowledge/sources/{id}/refresh',
    auth: 'user',
    tags,
    summary: 'Refresh a web page now (admin or editor)',
    description:
      'Fetches the page again soon (its `nextRefreshAt` is now), conditionally: unchanged, it costs one request and no re-embedding; ' +
      'changed, it is replaced (its old chunks answer until the new ones are ready); 404/410 marks it gone, and the next refresh ' +
      'finding it gone removes it. A crawl’s page may be refreshed alone this way.',
    params: idParam,
    responses: {
      202: { description: 'Due now.', schema: sourceSchema },
      403: problem('You read its collection but may not edit it.'),
      422: problem('Not a web page: only web pages and crawls can be refreshed.'),
    },
  }),
  sourceRefreshes: defineRoute({
    method: 'GET',
    path: '/knowledge/sources/{id}/refreshes',
    auth: 'user',
    tags,
    summary: 'A web page’s refreshes',
    description: 'Newest first, at most 20, without `pages` (`GET /knowledge/refreshes/{id}` has them).',
    params: idParam,
    responses: { 200: { description: 'Newest first.', schema: refreshListSchema } },
  }),
  refreshCrawl: defineRoute({
    method: 'POST',
    path: '/knowledge/crawls/{id}/refresh',
    auth: 'user',
    tags,
    summary: 'Refresh a crawl now (admin or editor)',
    description:
      'Runs the crawl again (`state` pending): robots.txt and sitemaps are read again, every URL it found is visited again, ' +
      'conditionally for the pages it has, and new pages it finds are added (within `maxPages`).',
    params: idParam,
    responses: {
      202: { description: 'Queued.', schema: crawlSchema },
      403: problem('You read its collection but may not edit it.'),
      409: problem('The crawl is under way (pending or running).'),
    },
  }),
  crawlRefreshes: defineRoute({
    method: 'GET',
    path: '/knowledge/crawls/{id}/refreshes',
    auth: 'user',
    tags,
    summary: 'A crawl’s refreshes',
    description: 'Newest first, at most 20, without `pages` (`GET /knowledge/refreshes/{id}` has them).',
    params: idParam,
    responses: { 200: { description: 'Newest first.', schema: refreshListSchema } },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/knowledge/refreshes/{id}',
    auth: 'user',
    tags,
    summary: 'A refresh and what it did to each page',
    description:
      '`pages` lists every page whose outcome was not "unchanged" (at most 1,000), in the order handled. 404 outside your collections.',
    params: idParam,
    responses: { 200: { description: 'The refresh.', schema: refreshSchema } },
  }),
};
