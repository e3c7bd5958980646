import type { z } from 'zod';
// Types only: the schemas are the API's (lib/schemas), and none of their code reaches the browser.
import type { apiKeySchema } from '@/lib/schemas/keys';
import type { searchHitSchema, sourceSchema, SourceStatus } from '@/lib/schemas/knowledge';

export type { SourceStatus };

/** A knowledge source as GET /api/knowledge/sources returns it. */
export type Source = z.infer<typeof sourceSchema>;

/** A hit of GET /api/knowledge/search. */
export type SearchResult = z.infer<typeof searchHitSchema>;

/** A key as GET /api/keys lists it. */
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const isIngesting = (s: Pick<Source, 'status'>) => s.status === 'pending' || s.status === 'processing';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}
