import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import type { Passage } from '@/lib/knowledge/index';
import type { CitationData } from '@/lib/conversations/chat-message';
import { claimsCiting, focusSnippet } from './focus-snippet';

export interface NumberedPassage {
  source: PromptSource;
  citation: CitationData;
  mediaType: string;
}

/**
 * Gives each retrieved passage its citation number, in retrieval order, and says which passage
 * each one that continues another follows, and which one of its source comes nearest before it.
 */
export function numberPassages(hits: Passage[]): NumberedPassage[] {
  const numbers = new Map(hits.map((hit, i) => [hit.chunkId, i + 1]));
  const top = Math.max(0, ...hits.map((hit) => hit.score));
  return hits.map((hit, i) => {
    const n = i + 1;
    const mediaType = typeof hit.metadata.mediaType === 'string' ? hit.metadata.mediaType : 'text/plain';
    const follows = hit.follows === undefined ? undefined : numbers.get(hit.follows);
    const before = nearestBefore(hit, hits);
    const after = before && numbers.get(before.chunkId);
    return {
      source: {
        n,
        title: hit.title,
        text: readable(hit),
        ...(top > 0 && hit.score > 0 ? { relevance: hit.score / top } : {}),
        ...(follows ? { follows } : {}),
        ...(after ? { after } : {}),
      },
      mediaType,
      citation: {
        n,
        sourceId: hit.sourceId,
        chunkId: hit.chunkId,
        title: hit.title,
        snippet: focusSnippet(hit.text, ''),
        location: hit.location,
        generation: hit.generation,
      },
    };
  });
}

/** The passage of the same version of the hit's source that starts nearest before it, if any. */
function nearestBefore(hit: Passage, hits: Passage[]): Passage | undefined {
  let nearest: Passage | undefined;
  for (const other of hits) {
    if (
      other.sourceId !== hit.sourceId ||
      other.generation !== hit.generation ||
      other.location.start >= hit.location.start
    )
      continue;
    if (!nearest || other.location.start > nearest.location.start) nearest = other;
  }
  return nearest;
}

/**
 * The passage's text as it reads in its source: rows of a table under its header, and code cut
 * from the top of its block under its opening fence, either of which the chunk may start below.
 */
function readable(hit: Passage): string {
  const { tableHeader, codeFence } = hit.location;
  const above = tableHeader ?? codeFence;
  return above ? `${above}\n${hit.text}` : hit.text;
}

/**
 * The passages the answer cites, in the order of their renumbered markers
 * (see CitationRenumberer), each carrying the number the reader sees and the
 * snippet that supports the sentences citing it.
 */
export function citedInOrder(
  order: ReadonlyMap<number, number>,
  passages: NumberedPassage[],
  answer: string,
): NumberedPassage[] {
  const byNumber = new Map(passages.map((p) => [p.citation.n, p]));
  const cited: NumberedPassage[] = [];
  for (const [offered, shown] of order) {
    const p = byNumber.get(offered);
    if (!p) continue;
    const snippet = focusSnippet(p.source.text, claimsCiting(answer, shown));
    cited.push({ ...p, citation: { ...p.citation, n: shown, snippet } });
  }
  return cited;
}
