import 'server-only';
import { z } from 'zod';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import { assertStorableJson, readTextWithin, storableJsonProblem, tooLarge } from '@/lib/http/read-json';
import {
  fieldError,
  problemAt,
  problemsError,
  validationError,
  zodProblems,
  type Problem,
} from '@/lib/http/validation';
import {
  bulkSourcesInput,
  MAX_SOURCES_PER_REQUEST,
  metadataSchema,
  sourceTitleSchema,
  textSourceInput,
  urlSourceInput,
} from '@/lib/schemas/knowledge';
import { asUtf8, detectMediaType, MEDIA_TYPES } from '../formats';
import { isAllowlisted, isPrivateAddress } from '../fetch/address-policy';
import { defaultTitle, type NewSource } from './new-source';
import { clipFileName } from '@/lib/clip-text';
import { crawlBody } from './read-crawl-body';
import { refreshSettingSchema, type RefreshSetting } from '@/lib/schemas/refreshes';

type TextInput = z.infer<ReturnType<typeof textSourceInput>>;
type UrlInput = z.infer<ReturnType<typeof urlSourceInput>>;
const MULTIPART_OVERHEAD = 64 * 1024;

export interface IngestRequest {
  sources: NewSource[];
  titled: boolean;
  withMetadata: boolean;
  /** The collection named in the body (a JSON member, a form field); the route checks the caller may edit it. */
  collectionId?: string;
  crawl?: ReturnType<typeof crawlBody>['crawl']; // `{crawl: {...}}`: a website to crawl, and no sources
  /** `{url, refresh}`: the page's refresh schedule (a crawl's is in `crawl`). */
  refresh?: RefreshSetting;
}

/** A `collectionId` as sent: a UUID, else a 400 naming where it was. */
function collectionIdOf(value: unknown, error: (detail: string) => ApiError): string | undefined {
  if (value === undefined) return undefined;
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw error('must be a UUID');
  return parsed.data.toLowerCase();
}

/**
 * Reads an ingest request (POST or PUT) into sources to queue: JSON text, URL, bulk or crawl; JSON Lines; or
 * multipart files. Bodies are counted while they stream and refused with 413 the moment they pass MAX_UPLOAD_BYTES.
 */
export async function readIngestRequest(req: Request): Promise<IngestRequest> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return readMultipart(req);
  if (/^application\/(jsonl|x-ndjson|x-jsonlines)\b/.test(type)) {
    return {
      sources: jsonlSources(await readTextWithin(req, config().MAX_UPLOAD_BYTES)),
      titled: true,
      withMetadata: true,
    };
  }
  if (/^application\/([\w.+-]+\+)?json\s*(;|$)/.test(type)) return readJsonBody(req);
  throw new ApiError(
    'unsupported_media_type',
    'Send application/json, multipart/form-data (file fields) or application/jsonl.',
  );
}

async function readJsonBody(req: Request) {
  const text = await readTextWithin(req, config().MAX_UPLOAD_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError('bad_request', 'The body must be a JSON object.');
  assertStorableJson(body);
  const collectionId = collectionIdOf((body as { collectionId?: unknown }).collectionId, (detail) =>
    fieldError({ in: 'body', path: ['collectionId'] }, detail),
  );
  if ('crawl' in body) return { ...crawlBody(body), collectionId };
  const refresh = refreshOf(body);
  if ('sources' in body) {
    const parsed = bulkSourcesInput().safeParse(body);
    if (!parsed.success) throw validationError(parsed.error, 'body');
    const items = parsed.data.sources;
    return {
      sources: items.map((s, i) => ('url' in s ? urlSource(s, ['sources', i, 'url']) : textSource(s))),
      titled: items.every((s) => s.title !== undefined),
      withMetadata: items.every((s) => s.metadata !== undefined),
      collectionId,
    };
  }
  if (!('text' in body) && !('url' in body))
    throw fieldError({ in: 'body' }, 'needs `text`, `url`, `sources` or `crawl` (files go up as multipart/form-data)');
  const isUrl = 'url' in body;
  if (refresh !== undefined && !isUrl)
    throw new ApiError('unprocessable', 'Only web pages and crawls can be refreshed: `refresh` goes with `url` or `crawl`.');
  const parsed = (isUrl ? urlSourceInput() : textSourceInput()).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const input = parsed.data as TextInput | UrlInput;
  const source = 'url' in input ? urlSource(input) : textSource(input);
  return {
    sources: [source],
    titled: input.title !== undefined,
    withMetadata: input.metadata !== undefined,
    collectionId,
    ...(refresh !== undefined ? { refresh } : {}),
  };
}

/** A body's `refresh`, checked; undefined when it has none. */
function refreshOf(body: object): RefreshSetting | undefined {
  if (!('refresh' in body)) return undefined;
  if ('sources' in body)
    throw new ApiError('unprocessable', 'Only web pages and crawls can be refreshed: set `refresh` on each page alone.');
  const parsed = refreshSettingSchema.safeParse(body.refresh);
  if (!parsed.success) throw validationError(parsed.error, { in: 'body', path: ['refresh'] });
  return parsed.data;
}

export function textSource(input: TextInput): NewSource {
  return {
    kind: 'text',
    title: input.title ?? defaultTitle({ text: input.text }),
    mediaType: MEDIA_TYPES.markdown,
    data: new TextEncoder().encode(input.text),
    metadata: input.metadata ?? {},
  };
}

export function urlSource(input: UrlInput, path: (string | number)[] = ['url']): NewSource {
  const url = new URL(input.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Literal addresses are refused at once; names are checked again, after DNS, when fetched.
  if (
    isPrivateAddress(host) &&
    /^[\d.]+$|:/.test(host) &&
    !isAllowlisted({ host, address: host, allowlist: config().URL_ALLOWLIST })
  ) {
    throw fieldError({ in: 'body', path }, 'points to a private, loopback or reserved address');
  }
  return {
    kind: 'url',
    title: input.title ?? url.href,
    mediaType: MEDIA_TYPES.html,
    data: new Uint8Array(),
    uri: url.href,
    metadata: input.metadata ?? {},
  };
}

function jsonlSources(text: string): NewSource[] {
  const sources: NewSource[] = [];
  const problems: Problem[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const where = { in: 'body', line: i + 1 } as const;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push(problemAt(where, 'is not valid JSON'));
      return;
    }
    const unstorable = storableJsonProblem(value, where);
    if (unstorable) {
      problems.push(unstorable);
      return;
    }
    const parsed = textSourceInput().safeParse(value);
    if (!parsed.success) {
      problems.push(zodProblems(parsed.error, where)[0]!);
      return;
    }
    sources.push(textSource(parsed.data));
  });
  if (problems.length) throw problemsError(problems);
  if (sources.length === 0) throw new ApiError('validation', 'The JSON Lines body has no sources.');
  return atMostPerRequest(sources);
}

/** The sources (or files) of one request, refused past MAX_SOURCES_PER_REQUEST. */
function atMostPerRequest<T>(items: T[]): T[] {
  if (items.length > MAX_SOURCES_PER_REQUEST)
    throw new ApiError('validation', `At most ${MAX_SOURCES_PER_REQUEST} sources per request.`);
  return items;
}

async function readMultipart(req: Request): Promise<IngestRequest> {
  const limit = config().MAX_UPLOAD_BYTES;
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
  if (!req.body) throw new ApiError('bad_request', 'The multipart body is empty.');
  let seen = 0;
  let over = false;
  // Count bytes as they arrive and cut the stream at the limit: nothing past it is buffered.
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit + MULTIPART_OVERHEAD) {
          over = true;
          controller.error(tooLarge(limit));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': req.headers.get('content-type')! },
      body: counted,
      duplex: 'half',
    } as RequestInit).formData();
  } catch {
    if (over) throw tooLarge(limit);
    throw new ApiError('bad_request', 'The multipart body is malformed.');
  }
  const files = form.getAll('file').filter((f): f is File => typeof f !== 'string');
  if (files.length === 0)
    throw new ApiError('validation', 'Send at least one `file` field.', {
      errors: [{ parameter: 'file', detail: 'is required' }],
    });
  atMostPerRequest(files);
  const { title, metadata, collectionId } = formFields(form, files.length);
  const sources: NewSource[] = [];
  for (const file of files) {
    if (file.size > limit) throw tooLarge(limit);
    const bytes = asUtf8(new Uint8Array(await file.arrayBuffer()));
    // The client's name is only a label: never a path, never trusted for the type.
    const filename = clipFileName(file.name.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f]/g, ''), 255) || 'upload';
    let mediaType: string;
    try {
      mediaType = detectMediaType(bytes, filename);
    } catch (error) {
      // Several files: say which one is refused (nothing of the request is stored).
      if (error instanceof ApiError && files.length > 1)
        throw new ApiError('unsupported_media_type', `${filename}: ${error.message}`);
      throw error;
    }
    if (mediaType === MEDIA_TYPES.jsonl) {
      if (title !== undefined)
        throw formFieldError('title', 'names one file, and the lines of a JSON Lines file each have their own');
      sources.push(
        ...jsonlSources(new TextDecoder().decode(bytes)).map((s) => ({
          ...s,
          metadata: { ...metadata, ...s.metadata },
        })),
      );
    } else
      sources.push({
        kind: 'file',
        title: title ?? defaultTitle({ filename }),
        mediaType,
        data: bytes,
        filename,
        metadata: metadata ?? {},
      });
    atMostPerRequest(sources);
  }
  return { sources, titled: title !== undefined, withMetadata: metadata !== undefined, collectionId };
}

/** A 400 about a form field, which `errors` names as a parameter. */
const formFieldError = (name: string, detail: string) =>
  new ApiError('validation', `${name}: ${detail}`, { errors: [{ parameter: name, detail }] });

/**
 * The text fields that go with uploaded files: `title`, for a single file, `metadata`, a JSON
 * object for every file, checked as the JSON forms check theirs, and the `collectionId` they go to.
 */
function formFields(
  form: FormData,
  files: number,
): { title?: string; metadata?: Record<string, unknown>; collectionId?: string } {
  const one = (name: string): string | undefined => {
    const values = form.getAll(name);
    if (values.length > 1) throw formFieldError(name, 'must be sent once');
    if (values[0] !== undefined && typeof values[0] !== 'string')
      throw formFieldError(name, 'must be text, not a file');
    return values[0];
  };
  // (each as a JSON form's field is checked: storable text, then its schema)
  const checked = <T>(name: string, value: unknown, schema: z.ZodType<T>): T => {
    const unstorable = storableJsonProblem(value, { in: 'body' });
    if (unstorable) throw formFieldError(name, unstorable.error.detail);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw formFieldError(name, parsed.error.issues[0]!.message);
    return parsed.data;
  };
  const [rawTitle, rawMetadata] = [one('title'), one('metadata')];
  if (rawTitle !== undefined && files > 1)
    throw formFieldError('title', 'names one file: send a single `file` with it');
  const title = rawTitle === undefined ? undefined : checked('title', rawTitle, sourceTitleSchema());
  let metadata: Record<string, unknown> | undefined;
  if (rawMetadata !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(rawMetadata);
    } catch {
      throw formFieldError('metadata', 'must be a JSON object');
    }
    metadata = checked('metadata', value, metadataSchema);
  }
  const collectionId = collectionIdOf(one('collectionId'), (detail) => formFieldError('collectionId', detail));
  return { title, metadata, collectionId };
}
