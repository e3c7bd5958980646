// The knowledge base of a TyDi part, through the API: its paragraphs as text sources, and nothing else.
import { titleOf } from './tydi-data';

interface Api {
  baseUrl: string;
  auth: Record<string, string>;
}

/** Marks the bench's paragraphs, so a run stopped half-way leaves nothing the next run cannot find and remove. */
const TAG = { bench: 'tydi' };
/** The most sources one request may create or delete (MAX_SOURCES_PER_REQUEST). */
const PER_REQUEST = 1000;

/** Deletes the sources, in as few requests as the API allows. */
export async function deleteSources({ baseUrl, auth }: Api, ids: string[]) {
  for (let i = 0; i < ids.length; i += PER_REQUEST) {
    const res = await fetch(`${baseUrl}/api/knowledge/sources/delete`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: ids.slice(i, i + PER_REQUEST) }),
    });
    if (!res.ok) throw new Error(`delete → ${res.status} ${await res.text()}`);
  }
}

/** Every source of the knowledge base, with its metadata. */
async function listSources({ baseUrl, auth }: Api) {
  const sources: { id: string; metadata: Record<string, unknown> }[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(`${baseUrl}/api/knowledge/sources?${query}`, { headers: auth });
    if (!res.ok) throw new Error(`list sources → ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { data: typeof sources; nextCursor: string | null };
    sources.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return sources;
}

/**
 * Empties the knowledge base of what the bench put there (`added`, and paragraphs a stopped run left behind); returns
 * how many it deleted and how many sources of someone else's remain (a BENCH_BASE_URL server may hold the developer's).
 */
export async function clearBenchSources(api: Api, added: string[]): Promise<{ deleted: number; others: number }> {
  await deleteSources(api, added);
  const left = await listSources(api);
  const ours = left.filter((s) => s.metadata.bench === TAG.bench).map((s) => s.id);
  await deleteSources(api, ours);
  return { deleted: added.length + ours.length, others: left.length - ours.length };
}

/** Ingests each paragraph as a text source titled by its first words and waits until all are ready; returns their ids, in order. */
export async function ingestParagraphs({ baseUrl, auth }: Api, paragraphs: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < paragraphs.length; i += PER_REQUEST) {
    const sources = paragraphs.slice(i, i + PER_REQUEST).map((text) => ({ title: titleOf(text), text, metadata: TAG }));
    const res = await fetch(`${baseUrl}/api/knowledge/sources`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ sources }),
    });
    if (!res.ok) throw new Error(`ingest → ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { id: string } | { data: { id: string }[] };
    ids.push(...('data' in body ? body.data : [body]).map((s) => s.id));
  }
  for (const id of ids) {
    for (;;) {
      const res = await fetch(`${baseUrl}/api/knowledge/sources/${id}`, { headers: auth });
      const source = (await res.json()) as { status: string; error: string | null };
      if (source.status === 'failed') throw new Error(`paragraph ${ids.indexOf(id)} failed: ${source.error}`);
      if (source.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return ids;
}
