'use client';

import { useEffect, useState } from 'react';
import { apiFetch, loadInEffect } from '@/components/client-api';
import { SEARCH_DELAY_MS } from '@/components/ui/search-field';
import { publishSources } from './source-store';
import { sourcesViewQuery, type SourceSort, type SourcesView } from './sources-view';
import { useSourcesVersion } from './panel-requests';
import { isIngesting, type Source, type SourceStatus } from './types';

const PAGE = 20;

const isDue = (s: Source) => !!s.nextRefreshAt && Date.parse(s.nextRefreshAt) <= Date.now();

/**
 * One page of GET /api/knowledge/sources, following the order, the status
 * filter, the crawl whose pages are shown, the search box and the cursor trail; refetched when anything announces a change,
 * and every second while a source on the page is still being ingested or due for a refresh. The order, filter and
 * search start from the page's address and are kept in it, for a reload or a shared link.
 */
export function useSources(initial: SourcesView, opts: { fallback: string; ready: boolean }) {
  const [chosenCollection, setCollection] = useState(initial.collection);
  // A member's table always shows one collection they edit: the one chosen, else `fallback`.
  const collection = chosenCollection || opts.fallback;
  const [crawl, setCrawl] = useState(initial.crawl);
  const [status, setStatus] = useState<SourceStatus | ''>(initial.status);
  const [sort, setSort] = useState<SourceSort>(initial.sort);
  const [query, setQuery] = useState(initial.q);
  const [q, setQ] = useState(initial.q);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<{ data: Source[]; nextCursor: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const sourcesVersion = useSourcesVersion();
  const cursor = cursors[cursors.length - 1] ?? null;

  const params = new URLSearchParams({ limit: String(PAGE) });
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  if (collection) params.set('collectionId', collection);
  if (crawl) params.set('crawlId', crawl);
  params.set('sort', `${sort.dir === -1 ? '-' : ''}${sort.key}`);
  if (cursor) params.set('cursor', cursor);
  const url = `/api/knowledge/sources?${params}`;

  // A new search starts again from the first page, a moment after the last key.
  useEffect(() => {
    const next = query.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setCursors([null]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, q]);

  useEffect(
    () =>
      // (a member's table waits for the collections they edit, to ask for one of them)
      !opts.ready
        ? undefined
        : loadInEffect(
            (signal) => apiFetch<{ data: Source[]; nextCursor: string | null }>(url, { signal }),
            (next) => {
              publishSources(next.data);
              setPage(next);
              setError(null);
            },
            setError,
          ),
    [url, tick, sourcesVersion, opts.ready],
  );

  useEffect(() => {
    const search = sourcesViewQuery({ status, sort, q, collection: chosenCollection, crawl });
    if (search === window.location.search.slice(1)) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  }, [status, sort, q, chosenCollection, crawl]);

  // (a web page due for a refresh, one asked for by Refresh now say, is being checked: follow it too)
  const active = page?.data.some((s) => isIngesting(s) || isDue(s)) ?? false;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);

  return {
    sources: page?.data ?? null,
    error,
    status,
    sort,
    /** Orders the whole listing (on the server), from its first page. */
    setSort: (next: SourceSort) => {
      setSort(next);
      setCursors([null]);
    },
    query,
    setQuery,
    /** The search the shown page answers (`query` once typing pauses). */
    q,
    collection,
    setCollection: (id: string) => {
      setCollection(id);
      setCursors([null]);
    },
    /** Only one crawl's pages ('' for every source). */
    crawl,
    setCrawl: (id: string) => {
      setCrawl(id);
      setCursors([null]);
    },
    setStatus: (s: SourceStatus | '') => {
      setStatus(s);
      setCursors([null]);
    },
    pageNumber: cursors.length,
    next: page?.nextCursor ? () => setCursors((c) => [...c, page.nextCursor]) : null,
    previous: cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : null,
  };
}
