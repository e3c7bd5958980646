import type { z } from 'zod';
// Types only: the schemas are the API's (lib/schemas), and none of their code reaches the browser.
import type { collectionSchema } from '@/lib/schemas/collections';
import type { groupSchema, groupWithMembersSchema } from '@/lib/schemas/groups';
import type { apiKeySchema } from '@/lib/schemas/keys';
import type { CrawlJson } from '@/lib/schemas/crawls';
import type { RefreshJson, RefreshSetting } from '@/lib/schemas/refreshes';
import type { searchHitSchema, sourceSchema, SourceStatus } from '@/lib/schemas/knowledge';

export type { SourceStatus };

/** How often a web page or a crawl is fetched again (null: never). */
export type RefreshInterval = NonNullable<RefreshSetting>;

/** A knowledge source as GET /api/knowledge/sources returns it. */
export type Source = z.infer<typeof sourceSchema>;

/** A crawl as GET /api/knowledge/crawls lists it. */
export type CrawlView = CrawlJson;

/** One refresh of a web page or a crawl (GET /api/knowledge/refreshes/{id} adds `pages`). */
export type RefreshRun = RefreshJson;

/** What a web page and a crawl say of their refreshes (other kinds have none). */
export type RefreshFields = Partial<Pick<CrawlJson, 'refresh' | 'checkedAt' | 'changedAt' | 'nextRefreshAt'>>;

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
