import 'server-only';
import type { NumberedPassage } from '@/lib/chat/number-passages';
import { prisma } from '@/lib/db';
import type { OpenAiCitation } from '@/lib/schemas/openai';

/** The cited passages as the `citations` member: a conversation's citation, and the address of a web page source. */
export async function citePassages(cited: NumberedPassage[]): Promise<OpenAiCitation[]> {
  if (cited.length === 0) return [];
  const db = await prisma();
  const pages = await db.source.findMany({
    where: { id: { in: [...new Set(cited.map((p) => p.citation.sourceId))] }, kind: 'url', uri: { not: null } },
    select: { id: true, uri: true },
  });
  const urls = new Map(pages.map((s) => [s.id, s.uri]));
  return cited.map(({ citation }) => {
    const url = urls.get(citation.sourceId);
    return { ...citation, ...(url ? { url } : {}) };
  });
}
