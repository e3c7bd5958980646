import { prisma } from '@/lib/db';
import { api, bodyOf } from '../../support/http';

export interface SyncAnswer {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
  errors: { externalId: string; detail: string }[];
  run?: { id: string; pages: number[] };
}

export interface SyncedSource {
  id: string;
  title: string;
  status: string;
  generation: number;
  metadata: Record<string, unknown>;
  connector?: string;
  externalId?: string;
  collection: { id: string; name: string };
}

/** PUT /api/knowledge/sync/{connector}. */
export const sync = (key: string, connector: string, body: unknown, query = '') =>
  api('PUT', `/api/knowledge/sync/${connector}${query}`, { key, json: body });

export async function syncOk(key: string, connector: string, body: unknown, query = ''): Promise<SyncAnswer> {
  const res = await sync(key, connector, body, query);
  if (res.status !== 200) throw new Error(`sync: ${res.status} ${await res.text()}`);
  return bodyOf<SyncAnswer>(res);
}

/** The connector's sources as GET /api/knowledge/sources?connector= lists them, by externalId. */
export async function synced(key: string, connector: string): Promise<Map<string, SyncedSource>> {
  const res = await api('GET', `/api/knowledge/sources?connector=${connector}&limit=100`, { key });
  if (res.status !== 200) throw new Error(`list: ${res.status}`);
  const { data } = await bodyOf<{ data: SyncedSource[] }>(res);
  return new Map(data.map((s) => [s.externalId!, s]));
}

/** Each chunk of these sources with its embedding as text: what re-embedding would change. */
export async function chunksOf(ids: string[]): Promise<{ id: string; e: string }[]> {
  const db = await prisma();
  return db.$queryRaw<{ id: string; e: string }[]>`
    SELECT id::text AS id, embedding::text AS e FROM chunks WHERE source_id = ANY(${ids}::uuid[]) ORDER BY id`;
}
