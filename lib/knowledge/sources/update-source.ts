import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { prisma } from '@/lib/db/index';
import type { Source } from '@/lib/db/generated/client';
import { notFound } from '@/lib/http/api-error';
import { validationError } from '@/lib/http/validation';
import { metadataSchema } from '@/lib/schemas/knowledge';
import { defaultTitle } from './new-source';
import { QUEUED_AGAIN } from './replace-source';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';

export interface SourcePatch {
  /** A new title; `null`: the one it would have been given (its document's own, else its file name, URL or first line). */
  title?: string | null;
  /** A JSON merge patch (RFC 7396) of its metadata; `null` clears it. */
  metadata?: Record<string, unknown> | null;
}

/**
 * Renames a source or changes its metadata, without its content. Both show at once wherever the
 * source does: its listing, search hits, citations. A source's title is indexed with each of its
 * chunks (chunkContext), so a new one also queues the source to be chunked again from the content
 * it keeps, as a new chunker version does (rechunkStep): it answers from its old chunks meanwhile,
 * and keeps them if that fails. One being ingested starts again, under the new title. A failed
 * source takes the title with it when retried; one ingested before sources kept their content is
 * renamed, but its chunks keep the words of its old title.
 */
export async function updateSource(id: string, patch: SourcePatch): Promise<Source> {
  const db = await prisma();
  const { source, queued } = await db.$transaction(async (tx) => {
    // (the row lock keeps a worker from claiming it meanwhile: claims skip locked rows)
    const locked = await tx.$queryRaw<{ text: string | null; kept: boolean }[]>`
      SELECT CASE WHEN s.kind = 'text' AND ${patch.title === null} THEN convert_from(c.data, 'UTF8') END AS text,
        coalesce(octet_length(c.data) > 0, false) AS kept
      FROM sources s LEFT JOIN source_contents c ON c.source_id = s.id
      WHERE s.id = ${id}::uuid FOR UPDATE OF s`;
    const current = locked[0] && (await tx.source.findUnique({ where: { id } }));
    if (!current) throw notFound('source');
    const title =
      patch.title === undefined
        ? current.title
        : (patch.title ??
          defaultTitle({
            filename: current.filename ?? undefined,
            uri: current.uri ?? undefined,
            text: locked[0]!.text ?? undefined,
          }));
    const metadata =
      patch.metadata === undefined
        ? current.metadata
        : patch.metadata === null
          ? {}
          : mergePatch(current.metadata, patch.metadata);
    // (the patch was checked as sent; merged, it must still be what the schema allows: 16 KB at most)
    const allowed = metadataSchema.safeParse(metadata);
    if (!allowed.success) throw validationError(allowed.error, { in: 'body', path: ['metadata'] });
    const renamed = title !== current.title;
    if (!renamed && isDeepStrictEqual(metadata, current.metadata)) return { source: current, queued: false };
    // (a web page not fetched yet has no bytes, and is fetched anew: its title goes with it all the same)
    const requeue =
      renamed &&
      current.status !== 'failed' &&
      (locked[0]!.kept || (current.kind === 'url' && current.status !== 'ready'));
    if (requeue) {
      // A generation never written (see rechunkStep): a worker that was ingesting the source finds its
      // lease gone and stops, and what it wrote goes when the new generation is ready.
      await tx.$executeRaw`
        UPDATE source_contents c SET generation = GREATEST(c.generation, s.generation) + 1, rechunk = c.rechunk OR s.status = 'ready'
        FROM sources s WHERE c.source_id = ${id}::uuid AND s.id = c.source_id`;
    }
    const updated = await tx.source.update({
      where: { id },
      data: {
        title,
        metadata: metadata as object,
        ...(requeue ? QUEUED_AGAIN : {}),
      },
    });
    return { source: updated, queued: requeue };
  });
  if (queued) wakeIngestWorker();
  return source;
}

/** RFC 7396: the patch's members replace the target's, objects merge member by member, and `null` removes one. */
export function mergePatch(target: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const merge = (into: unknown, change: unknown): unknown => {
    if (change === null || typeof change !== 'object' || Array.isArray(change)) return change;
    const result: Record<string, unknown> =
      into !== null && typeof into === 'object' && !Array.isArray(into) ? { ...(into as Record<string, unknown>) } : {};
    for (const [key, value] of Object.entries(change)) {
      // (defined, not set: a member named `__proto__` is a member like any other, as JSON has it)
      if (value === null) delete result[key];
      else
        Object.defineProperty(result, key, {
          value: merge(result[key], value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return result;
  };
  return merge(target, patch) as Record<string, unknown>;
}
