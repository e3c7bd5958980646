'use client';

import { useEffect, useRef, useState } from 'react';
import { apiFetch, loadInEffect } from '@/components/client-api';
import { publishCrawls } from './crawl-store';
import { announceSourcesChanged, useSourcesVersion } from './panel-requests';
import { isCrawling, type CrawlView } from './types';

const POLL_MS = 1500;

/** What of a crawl the other panels show: its pages, which the sources table and collections list. */
const pagesKey = (crawls: CrawlView[]) => crawls.map((c) => `${c.id}:${c.pages}:${c.ingested}:${c.state}`).join();

/**
 * The crawls the viewer reads (GET /api/knowledge/crawls, newest first), loaded again whenever
 * sources change and every 1.5 s while one is crawling. A crawl's new or newly ingested pages are
 * announced, so the sources table follows the crawl as it goes.
 */
export function useCrawls(): { crawls: CrawlView[] | null; error: string | null; reload: () => void } {
  const [crawls, setCrawls] = useState<CrawlView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const version = useSourcesVersion();
  const seen = useRef<string | null>(null);

  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<{ data: CrawlView[] }>('/api/knowledge/crawls?limit=50', { signal }),
        (body) => {
          publishCrawls(body.data);
          setCrawls(body.data);
          setError(null);
          const key = pagesKey(body.data);
          // (the first load only sets the mark: everything else loaded at the same time)
          if (seen.current !== null && seen.current !== key) announceSourcesChanged();
          seen.current = key;
        },
        setError,
      ),
    [version, tick],
  );

  const active = crawls?.some((c) => isCrawling(c) || c.lastRefresh?.state === 'running') ?? false;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), POLL_MS);
    return () => clearInterval(timer);
  }, [active]);

  return { crawls, error, reload: () => setTick((t) => t + 1) };
}
