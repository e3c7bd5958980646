'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { publishSources } from './source-store';
import { isIngesting, type Source, type SourceStatus } from './types';

const PAGE = 20;

/**
 * One page of GET /api/knowledge/sources, following the status filter and the
 * cursor trail; refetched when anything announces a change, and every second
 * while a source on the page is still being ingested.
 */
export function useSources() {
  const [status, setStatus] = useState<SourceStatus | ''>('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<{ data: Source[]; nextCursor: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const cursor = cursors[cursors.length - 1] ?? null;

  const params = new URLSearchParams({ limit: String(PAGE) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  const url = `/api/knowledge/sources?${params}`;

  useEffect(() => {
    let cancelled = false;
    apiFetch<{ data: Source[]; nextCursor: string | null }>(url).then(
      (next) => {
        if (cancelled) return;
        publishSources(next.data);
        setPage(next);
        setError(null);
      },
      (e: unknown) => !cancelled && setError(describeProblem(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [url, tick]);

  useEffect(() => {
    const onChange = () => setTick((t) => t + 1);
    window.addEventListener('gw:sources-changed', onChange);
    return () => window.removeEventListener('gw:sources-changed', onChange);
  }, []);

  const active = page?.data.some(isIngesting) ?? false;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);

  return {
    sources: page?.data ?? null,
    error,
    status,
    setStatus: (s: SourceStatus | '') => {
      setStatus(s);
      setCursors([null]);
    },
    pageNumber: cursors.length,
    next: page?.nextCursor ? () => setCursors((c) => [...c, page.nextCursor]) : null,
    previous: cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : null,
  };
}
