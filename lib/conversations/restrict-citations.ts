import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db';
import { isUuid } from '@/lib/uuid';
import type { ChatChunk } from './chat-message';

/** What a stored citation becomes when its reader may no longer read its source: its number, nothing else. */
export interface RestrictedCitation {
  n: number;
  restricted: true;
}

type Part = { type?: unknown; sourceId?: unknown; data?: unknown; id?: unknown } | null;

const sourceIdOf = (part: Part): string | undefined => {
  if (!part || typeof part !== 'object') return undefined;
  if (part.type === 'source-document' && typeof part.sourceId === 'string') return part.sourceId;
  if (part.type === 'data-citation' && part.data && typeof part.data === 'object') {
    const id = (part.data as { sourceId?: unknown }).sourceId;
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
};

/**
 * Of these cited sources, the ones that exist and lie outside the reader's reach: moved to a
 * collection they cannot read, or in one they lost access to. One query for them all. (A source
 * deleted since is not among them: its citations stay as the reader saw them when it was cited.)
 */
export async function unreadableSources(reach: Reach, sourceIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(sourceIds)].filter(isUuid);
  if (reach.all || ids.length === 0) return new Set();
  const db = await prisma();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT s.id::text AS id FROM sources s
    WHERE s.id = ANY(${ids}::uuid[]) AND NOT (${reachSql(reach, Prisma.sql`s.collection_id`)})`;
  return new Set(rows.map((r) => r.id));
}

/**
 * A message's parts with every citation of an unreadable source reduced to `{n, restricted: true}`
 * (the `[n]` in the text keeps its number) and that source's `source-document` part left out: no
 * title, snippet, location, chunk or source id of it remains.
 */
export function withoutUnreadable<P>(parts: P[], unreadable: Set<string>): P[] {
  if (unreadable.size === 0) return parts;
  return parts.flatMap((part) => {
    const id = sourceIdOf(part as Part);
    if (id === undefined || !unreadable.has(id)) return [part];
    if ((part as Part)!.type === 'source-document') return [];
    const n = ((part as Part)!.data as { n?: unknown }).n;
    const data: RestrictedCitation = { n: typeof n === 'number' ? n : 0, restricted: true };
    return [{ type: 'data-citation', id: (part as Part)!.id, data } as P];
  });
}

/**
 * Messages as their reader may see them now: the one place stored citations are checked against
 * what the reader may read (conversation, transcript, a stopped reply, a followed stream).
 */
export async function restrictCitations<M extends { parts: unknown }>(messages: M[], reach: Reach): Promise<M[]> {
  if (reach.all) return messages;
  const partsOf = (m: M) => (Array.isArray(m.parts) ? (m.parts as Part[]) : []);
  const cited = messages.flatMap((m) => partsOf(m).flatMap((p) => sourceIdOf(p) ?? []));
  const unreadable = await unreadableSources(reach, cited);
  if (unreadable.size === 0) return messages;
  return messages.map((m) => (Array.isArray(m.parts) ? { ...m, parts: withoutUnreadable(partsOf(m), unreadable) } : m));
}

/**
 * A reply's stream as its reader may see it now (GET …/stream replays a reply sent earlier): the
 * citation events, which come together at its end, are held until the next other event and then
 * checked with one query.
 */
export function restrictStream(stream: ReadableStream<ChatChunk>, reach: Reach): ReadableStream<ChatChunk> {
  if (reach.all) return stream;
  let held: ChatChunk[] = [];
  const release = async (controller: TransformStreamDefaultController<ChatChunk>) => {
    if (held.length === 0) return;
    const chunks = held;
    held = [];
    const unreadable = await unreadableSources(
      reach,
      chunks.flatMap((c) => sourceIdOf(c as Part) ?? []),
    );
    for (const chunk of withoutUnreadable(chunks, unreadable)) controller.enqueue(chunk);
  };
  return stream.pipeThrough(
    new TransformStream<ChatChunk, ChatChunk>({
      async transform(chunk, controller) {
        if (chunk.type === 'source-document' || chunk.type === 'data-citation') held.push(chunk);
        else {
          await release(controller);
          controller.enqueue(chunk);
        }
      },
      flush: release,
    }),
  );
}
