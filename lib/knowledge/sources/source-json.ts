import type { Source as SourceRow } from '@/lib/db/generated/client';

/** The public shape of a source: never its content, lease or attempt counters. */
export interface SourceJson {
  id: string;
  title: string;
  kind: 'file' | 'text' | 'url';
  mediaType: string;
  size: number;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  chunkCount: number;
  generation: number;
  metadata: Record<string, unknown>;
  contentHash: string | null;
  uri?: string;
  filename?: string;
  createdAt: string;
  updatedAt: string;
}

export function toSourceJson(row: SourceRow): SourceJson {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    mediaType: row.mediaType,
    size: row.size,
    status: row.status,
    progress: row.progress,
    error: row.error,
    chunkCount: row.chunkCount,
    generation: row.generation,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    contentHash: row.contentHash,
    ...(row.uri ? { uri: row.uri } : {}),
    ...(row.filename ? { filename: row.filename } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
