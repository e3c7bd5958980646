import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import type { SearchHit } from '@/lib/knowledge/types';
import type { CitationData } from './chat-message';

const SNIPPET_CHARS = 240;

export interface NumberedPassage {
  source: PromptSource;
  citation: CitationData;
  mediaType: string;
}

/** Gives each retrieved passage its citation number, in retrieval order. */
export function numberPassages(hits: SearchHit[]): NumberedPassage[] {
  return hits.map((hit, i) => {
    const n = i + 1;
    const mediaType = typeof hit.metadata.mediaType === 'string' ? hit.metadata.mediaType : 'text/plain';
    return {
      source: { n, title: hit.title, text: hit.text },
      mediaType,
      citation: { n, sourceId: hit.sourceId, chunkId: hit.chunkId, title: hit.title, snippet: snippet(hit.text), location: hit.location },
    };
  });
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.slice(0, SNIPPET_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > SNIPPET_CHARS * 0.6 ? space : SNIPPET_CHARS)}…`;
}

/**
 * The passages the answer cites, in the order of their renumbered markers
 * (see CitationRenumberer), each carrying the number the reader sees.
 */
export function citedInOrder(order: ReadonlyMap<number, number>, passages: NumberedPassage[]): NumberedPassage[] {
  const byNumber = new Map(passages.map((p) => [p.citation.n, p]));
  const cited: NumberedPassage[] = [];
  for (const [offered, shown] of order) {
    const p = byNumber.get(offered);
    if (p) cited.push({ ...p, citation: { ...p.citation, n: shown } });
  }
  return cited;
}
