import { expect } from 'vitest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { api, bodyOf } from '../../support/http';

export interface SourceView {
  id: string;
  title: string;
  kind: string;
  mediaType: string;
  size: number;
  status: string;
  progress: number;
  error: string | null;
  chunkCount: number;
  generation: number;
  metadata: Record<string, unknown>;
  uri?: string;
  filename?: string;
}

export interface HitView {
  chunkId: string;
  sourceId: string;
  title: string;
  text: string;
  score: number;
  location: { start: number; end: number; page?: number; pageEnd?: number; headings?: string[] };
  generation: number;
  metadata: Record<string, unknown>;
}

export function upload(
  key: string,
  files: { name: string; bytes: Uint8Array | string; type?: string }[],
  method = 'POST',
  path = '/api/knowledge/sources',
) {
  const form = new FormData();
  for (const f of files)
    form.append('file', new Blob([f.bytes as BlobPart], { type: f.type ?? 'application/octet-stream' }), f.name);
  return api(method, path, { key, body: form });
}

/** Runs the ingest queue dry, then reads the source back. */
export async function ingested(key: string, id: string): Promise<SourceView> {
  await drainIngestQueue();
  const res = await api('GET', `/api/knowledge/sources/${id}`, { key });
  expect(res.status).toBe(200);
  return bodyOf<SourceView>(res);
}

export async function search(key: string, q: string, extra: Record<string, string> = {}): Promise<HitView[]> {
  const res = await api('GET', `/api/knowledge/search?${new URLSearchParams({ q, ...extra })}`, { key });
  expect(res.status).toBe(200);
  return (await bodyOf<{ data: HitView[] }>(res)).data;
}

/**
 * Watches this thread's event loop: `stop()` resolves to the longest gap between two
 * 5 ms ticks since the start, including a tick held up until the very end.
 */
export function watchEventLoop(): { stop(): Promise<number> } {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  return {
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(timer);
      return worst;
    },
  };
}
