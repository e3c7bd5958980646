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

/** The passages the answer actually cites with `[n]`, in citation-number order. */
export function citedPassages(text: string, passages: NumberedPassage[]): NumberedPassage[] {
  const used = new Set<number>();
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) used.add(Number(match[1]));
  return passages.filter((p) => used.has(p.citation.n));
}
