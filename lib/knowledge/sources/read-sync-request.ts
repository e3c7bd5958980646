import 'server-only';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import { assertStorableJson, readTextWithin } from '@/lib/http/read-json';
import { validationError } from '@/lib/http/validation';
import { syncBody, type SyncBody, type SyncItem } from '@/lib/schemas/sync';
import { contentHashOf, type NewSource } from './new-source';
import { textSource, urlSource } from './read-ingest-request';
import { toBase64 } from './source-contents';

/** One item of a sync request, ready to store: the source it describes, its hash and its bytes as base64. */
export interface SyncEntry {
  externalId: string;
  /** The title as sent; absent, a stored title is kept while the content is unchanged. */
  givenTitle?: string;
  source: NewSource;
  hash: string;
  base64: string;
  updatedAt: Date | null;
}

export interface SyncRequest extends Omit<SyncBody, 'sources'> {
  entries: SyncEntry[];
}

/**
 * Reads a sync body. Its limit is MAX_UPLOAD_BYTES, as for POST /knowledge/sources's JSON, not
 * MAX_JSON_BYTES: a page of 1,000 documents rarely fits in 1 MB. 415, 413 and 400 as readJson.
 */
export async function readSyncRequest(req: Request): Promise<SyncRequest> {
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(req.headers.get('content-type') ?? ''))
    throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
  const text = await readTextWithin(req, config().MAX_UPLOAD_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError('bad_request', 'The body must be a JSON object.');
  assertStorableJson(value);
  const parsed = syncBody.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const { sources, ...rest } = parsed.data;
  return { ...rest, entries: sources.map(toEntry) };
}

function toEntry(item: SyncItem, i: number): SyncEntry {
  const { externalId, title, metadata, text, url } = item;
  const source =
    url !== undefined
      ? urlSource({ url, title, metadata }, ['sources', i, 'url'])
      : textSource({ text: text!, title, metadata });
  return {
    externalId,
    givenTitle: title,
    source,
    hash: contentHashOf(source),
    base64: toBase64(source.data),
    updatedAt: item.updatedAt ? new Date(item.updatedAt) : null,
  };
}
