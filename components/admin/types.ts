import type { z } from 'zod';
// Types only: the schemas are the API's (lib/schemas), and none of their code reaches the browser.
import type { collectionSchema } from '@/lib/schemas/collections';
import type { groupSchema, groupWithMembersSchema } from '@/lib/schemas/groups';
import type { apiKeySchema } from '@/lib/schemas/keys';
import type { CrawlJson } from '@/lib/schemas/crawls';
import type { searchHitSchema, sourceSchema, SourceStatus } from '@/lib/schemas/knowledge';

export type { SourceStatus };

/** How often a web page or a crawl is fetched again (null: never). */
export type RefreshInterval = 'hourly' | 'daily' | 'weekly';

/** What a web page and a crawl say of their refreshes (REFRESH-CONTRACT.md; other kinds have none). */
export interface RefreshFields {
  refresh?: RefreshInterval | null;
  /** The last time its address was fetched. */
  checkedAt?: string | null;
  /** The last time what was fetched differed (the first fetch counts). */
  changedAt?: string | null;
  nextRefreshAt?: string | null;
}

/** A knowledge source as GET /api/knowledge/sources returns it. */
export type Source = z.infer<typeof sourceSchema> & RefreshFields;

export interface RefreshCounts {
  requests: number;
  unchanged: number;
  added: number;
  changed: number;
  removed: number;
  failed: number;
}

export type RefreshOutcome = 'added' | 'changed' | 'removed' | 'failed' | 'gone';

/** One refresh of a web page or a crawl (GET /api/knowledge/refreshes/{id} adds `pages`). */
export interface RefreshRun {
  id: string;
  sourceId: string | null;
  crawlId: string | null;
  trigger: 'schedule' | 'manual';
  state: 'running' | 'done' | 'failed';
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  counts: RefreshCounts;
  pages?: { url: string; outcome: RefreshOutcome; sourceId: string | null; error: string | null }[];
}

/** A crawl as GET /api/knowledge/crawls lists it. */
export type CrawlView = CrawlJson & RefreshFields & { lastRefresh?: RefreshRun | null };

export const isCrawling = (c: Pick<CrawlView, 'state'>) => c.state === 'pending' || c.state === 'running';

/** A hit of GET /api/knowledge/search. */
export type SearchResult = z.infer<typeof searchHitSchema>;

/** A collection as GET /api/collections lists it. */
export type CollectionView = z.infer<typeof collectionSchema>;

/** A group as GET /api/groups lists it, and with its members as GET /api/groups/{id} reads it. */
export type GroupView = z.infer<typeof groupSchema>;
export type GroupWithMembers = z.infer<typeof groupWithMembersSchema>;

/** A person as GET /api/users lists them (the fields this page reads). */
export interface UserView {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | 'member';
  status: 'active' | 'disabled';
}

/** A key as GET /api/keys lists it. */
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const isIngesting = (s: Pick<Source, 'status'>) => s.status === 'pending' || s.status === 'processing';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}
