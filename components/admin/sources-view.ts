import type { SourceStatus } from './types';

export type SourceSortKey = 'title' | 'kind' | 'status' | 'chunkCount' | 'size' | 'createdAt';
export interface SourceSort {
  key: SourceSortKey;
  dir: 1 | -1;
}

/** What the sources table shows: its status filter, order and search, kept in the page's address. */
export interface SourcesView {
  status: SourceStatus | '';
  sort: SourceSort;
  q: string;
  /** Only this collection's sources ('' for every collection the viewer reads). */
  collection: string;
  /** Only this crawl's pages ('' for every source). */
  crawl: string;
}

const STATUSES: readonly string[] = ['pending', 'processing', 'ready', 'failed'] satisfies SourceStatus[];
const SORT_KEYS: readonly string[] = [
  'title',
  'kind',
  'status',
  'chunkCount',
  'size',
  'createdAt',
] satisfies SourceSortKey[];
const DEFAULT_SORT: SourceSort = { key: 'createdAt', dir: -1 };

const UUID = /^[0-9a-f-]{36}$/i;
const one = (value: string | string[] | null | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The view an address asks for (`?status=failed&sort=-size&q=handbook&crawl=…`); anything unknown is the default. */
export function readSourcesView(params: Record<string, string | string[] | undefined>): SourcesView {
  const status = one(params.status);
  const sort = one(params.sort);
  const key = sort.replace(/^-/, '');
  return {
    status: STATUSES.includes(status) ? (status as SourceStatus) : '',
    sort: SORT_KEYS.includes(key) ? { key: key as SourceSortKey, dir: sort.startsWith('-') ? -1 : 1 } : DEFAULT_SORT,
    q: one(params.q).trim().slice(0, 200),
    collection: UUID.test(one(params.collection)) ? one(params.collection) : '',
    crawl: UUID.test(one(params.crawl)) ? one(params.crawl) : '',
  };
}

/** The address's query for a view, without what is the default. */
export function sourcesViewQuery({ status, sort, q, collection, crawl }: SourcesView): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (sort.key !== DEFAULT_SORT.key || sort.dir !== DEFAULT_SORT.dir)
    params.set('sort', `${sort.dir === -1 ? '-' : ''}${sort.key}`);
  if (q) params.set('q', q);
  if (collection) params.set('collection', collection);
  if (crawl) params.set('crawl', crawl);
  return params.toString();
}
