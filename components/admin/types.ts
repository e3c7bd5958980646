export type SourceStatus = 'pending' | 'processing' | 'ready' | 'failed';

/** A knowledge source as GET /api/knowledge/sources returns it. */
export interface Source {
  id: string;
  title: string;
  kind: 'file' | 'text' | 'url';
  mediaType: string;
  size: number;
  status: SourceStatus;
  progress: number;
  error: string | null;
  chunkCount: number;
  generation: number;
  metadata: Record<string, unknown>;
  uri?: string | null;
  filename?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SearchResult {
  chunkId: string;
  sourceId: string;
  title: string;
  text: string;
  score: number;
  location: { headings?: string[]; page?: number; pageEnd?: number; start: number; end: number };
  generation: number;
  metadata: Record<string, unknown>;
}

export interface ApiKeyView {
  id: string;
  name: string;
  role: 'admin' | 'user';
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const isIngesting = (s: Pick<Source, 'status'>) => s.status === 'pending' || s.status === 'processing';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

/** Asks the Test retrieval widget to search for a text (its `detail`), and to show itself. */
export const TEST_RETRIEVAL_EVENT = 'gw:test-retrieval';

export function testRetrieval(text: string) {
  window.dispatchEvent(new CustomEvent(TEST_RETRIEVAL_EVENT, { detail: text }));
}

/** Asks the assistant's settings to add a question (its `detail`) to the starter questions, unsaved. */
export const ADD_STARTER_EVENT = 'gw:add-starter';

export function offerAsStarter(question: string) {
  window.dispatchEvent(new CustomEvent(ADD_STARTER_EVENT, { detail: question }));
}

/** Asks the sources table to show a source: searched for by its title (its `detail`), any status. */
export const FIND_SOURCE_EVENT = 'gw:find-source';

export function findSource(title: string) {
  window.dispatchEvent(new CustomEvent(FIND_SOURCE_EVENT, { detail: title }));
}

/** Sent when the list of sources changed (an upload, a delete): every admin widget showing sources reloads. */
export const SOURCES_CHANGED_EVENT = 'gw:sources-changed';

export function announceSourcesChanged() {
  window.dispatchEvent(new Event(SOURCES_CHANGED_EVENT));
}
