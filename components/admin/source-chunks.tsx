'use client';

import { useCallback, useEffect, useState } from 'react';
import { ApiProblem, apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { describeLocation } from '@/lib/conversations/describe-location';
import type { SourceChunk as Chunk, SourceChunks as ChunksPage } from '@/lib/knowledge/sources';

/** Chunks fetched at a time: a source of a few hundred opens at once, and reads on with "Show more". */
const PAGE = 50;

type State =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | {
      state: 'found';
      chunkCount: number;
      chunks: Chunk[];
      nextCursor: string | null;
      loadingMore: boolean;
      moreFailed: string | null;
    };

/**
 * The passages a source's text was cut into, as search ranks them and citations point to them:
 * each with its place (headings, page, characters), its size in tokens and, tinted, the words
 * it shares with the chunk before (the overlap). A table's header rows a chunk is read with,
 * which are not part of its text, are shown above it.
 */
export function SourceChunks({ sourceId, title }: { sourceId: string; title: string }) {
  const [view, setView] = useState<State>({ state: 'loading' });

  const load = useCallback(
    async (cursor?: string, signal?: AbortSignal) => {
      const query = new URLSearchParams({ limit: String(PAGE), ...(cursor ? { cursor } : {}) });
      return apiFetch<ChunksPage>(`/api/knowledge/sources/${encodeURIComponent(sourceId)}/chunks?${query}`, { signal });
    },
    [sourceId],
  );

  useEffect(
    () =>
      loadInEffect(
        (signal) => load(undefined, signal),
        (page) =>
          setView({
            state: 'found',
            chunkCount: page.chunkCount,
            chunks: page.data,
            nextCursor: page.nextCursor,
            loadingMore: false,
            moreFailed: null,
          }),
        (message) => setView({ state: 'failed', message }),
      ),
    [load],
  );

  if (view.state === 'loading') {
    return (
      <p className="flex items-center gap-2 text-muted">
        <Spinner /> Loading the chunks…
      </p>
    );
  }
  if (view.state === 'failed') return <p className="text-sm text-warning">{view.message}</p>;

  async function showMore() {
    if (view.state !== 'found' || !view.nextCursor) return;
    setView({ ...view, loadingMore: true, moreFailed: null });
    try {
      const page = await load(view.nextCursor);
      setView({ ...view, chunks: [...view.chunks, ...page.data], nextCursor: page.nextCursor, loadingMore: false });
    } catch (e) {
      const replaced = e instanceof ApiProblem && e.status === 409;
      const moreFailed = replaced
        ? 'This source was replaced while you read it: close this and open it again to see its new chunks.'
        : describeProblem(e);
      setView({ ...view, loadingMore: false, moreFailed });
    }
  }

  const { chunks, chunkCount, nextCursor, loadingMore, moreFailed } = view;
  return (
    <div data-testid="source-chunks">
      <p className="mb-3 text-muted">
        {chunkCount === 1 ? '1 chunk' : `${chunkCount.toLocaleString('en')} chunks`}, each searched and cited on its
        own. Tinted words are also in the chunk before (the overlap).
      </p>
      <ol className="space-y-3">
        {chunks.map((chunk, i) => {
          const before = chunks[i - 1];
          const overlap = before
            ? Math.max(0, Math.min(before.location.end - chunk.location.start, chunk.text.length))
            : 0;
          const where = describeLocation({ title, location: chunk.location });
          // What the chunk is read under, when it starts below it: its table's header or its code block's opening fence.
          const { tableHeader, codeFence } = chunk.location;
          const above = tableHeader
            ? { text: tableHeader, title: "The table's header, read with this chunk" }
            : codeFence
              ? { text: codeFence, title: 'The opening of the code block this chunk starts in, read with it' }
              : undefined;
          return (
            <li key={chunk.id} className="rounded-lg border border-border" data-testid="source-chunk">
              <p className="flex flex-wrap gap-x-3 border-b border-border bg-surface-2 px-3 py-1.5 text-xs text-muted">
                <span className="font-medium text-fg">#{chunk.ordinal + 1}</span>
                {where ? <span data-testid="source-chunk-where">{where}</span> : null}
                <span>
                  {chunk.tokenCount} tokens · chars {chunk.location.start.toLocaleString('en')}–
                  {chunk.location.end.toLocaleString('en')}
                </span>
              </p>
              {above ? (
                <pre
                  className="overflow-x-auto border-b border-dashed border-border px-3 py-1.5 text-xs text-muted"
                  title={above.title}
                >
                  {above.text}
                </pre>
              ) : null}
              <p className="whitespace-pre-wrap break-words px-3 py-2" dir="auto">
                {overlap > 0 ? (
                  <span
                    className="rounded-sm bg-accent-soft"
                    data-testid="source-chunk-overlap"
                    title="Also in the chunk before"
                  >
                    {chunk.text.slice(0, overlap)}
                  </span>
                ) : null}
                {chunk.text.slice(overlap)}
              </p>
            </li>
          );
        })}
      </ol>
      {nextCursor || moreFailed ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {nextCursor ? (
            <Button size="sm" onClick={showMore} disabled={loadingMore}>
              {loadingMore ? <Spinner /> : null}
              Show more ({(chunkCount - chunks.length).toLocaleString('en')} left)
            </Button>
          ) : null}
          {moreFailed ? (
            <p className="text-sm text-warning" role="alert">
              {moreFailed}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
