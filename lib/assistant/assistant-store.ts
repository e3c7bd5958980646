import 'server-only';
import { createHash } from 'node:crypto';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { updateAssistantBody, type UpdateAssistant } from '@/lib/schemas/assistant';
import { DEFAULT_ASSISTANT, type AssistantProfile } from './assistant-profile';

/**
 * The assistant's profile lives in the settings table as one JSON object of the fields an admin
 * changed (and when): defaults are applied on reading, so a default that improves reaches every
 * field nobody chose. Every instance reads it from the database, so a change shows at once on all.
 */
const KEY = 'assistant';

export interface StoredAssistant {
  profile: Required<AssistantProfile>;
  /** A strong entity tag of the stored object: If-Match makes an update conditional on it. */
  etag: string;
}

const etagOf = (value: string) => `"${createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 32)}"`;

function present(value: string | undefined): StoredAssistant {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {}
  // A field the rules would refuse now (written by hand, or under older limits) reads as its default.
  const fields = updateAssistantBody().shape;
  const pick = <K extends keyof typeof fields>(key: K) => {
    const result = fields[key].safeParse(stored[key]);
    return result.success && result.data !== null && result.data !== undefined ? result.data : DEFAULT_ASSISTANT[key];
  };
  return {
    profile: {
      name: pick('name') as string,
      greeting: pick('greeting') as string,
      description: pick('description') as string,
      starters: pick('starters') as string[],
      instructions: pick('instructions') as string,
      updatedAt: typeof stored.updatedAt === 'string' ? stored.updatedAt : null,
    },
    etag: etagOf(value ?? '{}'),
  };
}

/**
 * How long a reply or a chat page may go on using a profile this instance read. A change made
 * here shows at once; one made on another instance, within this. (One more database call per
 * reply made /ask about 4 ms slower at the median on embedded PGlite, where calls take turns.)
 */
const REUSE_MS = 2000;
// On globalThis: Next.js may bundle this module once for the routes and once for the pages, and a
// change saved through one must show in the other at once.
const reuse = globalThis as unknown as {
  __assistantRead?: { at: number; value: Promise<StoredAssistant> };
  __assistantWrites?: number;
};

/** The profile as stored now, with its entity tag: what the API and the settings form read. */
export async function readAssistant(): Promise<StoredAssistant> {
  const writes = reuse.__assistantWrites;
  const db = await prisma();
  const row = await db.setting.findUnique({ where: { key: KEY }, select: { value: true } });
  const read = present(row?.value);
  // A read that a change made here overtook is not worth keeping.
  if (reuse.__assistantWrites === writes) reuse.__assistantRead = { at: Date.now(), value: Promise.resolve(read) };
  return read;
}

/** The profile for a reply's prompt or a chat page: read at most once per REUSE_MS. */
export function currentAssistant(): Promise<StoredAssistant> {
  const recent = reuse.__assistantRead;
  if (recent && Date.now() - recent.at < REUSE_MS) return recent.value;
  const value = readAssistant();
  reuse.__assistantRead = { at: Date.now(), value };
  value.catch(() => {
    if (reuse.__assistantRead?.value === value) reuse.__assistantRead = undefined;
  });
  return value;
}

/**
 * Applies a merge patch: each field sent replaces the stored one, `null` restores its default.
 * The merge happens in one statement, so two admins changing different fields at once both keep
 * their change. With `ifMatch` (the request's If-Match tags) it applies only to the profile the
 * caller read: 412 otherwise.
 */
export async function updateAssistant(patch: UpdateAssistant, ifMatch: string[] | null): Promise<StoredAssistant> {
  const db = await prisma();
  const changes = JSON.stringify(Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)));
  const tags = ifMatch?.includes('*') ? null : ifMatch;
  await db.$executeRaw`INSERT INTO settings (key, value) VALUES (${KEY}, '{}') ON CONFLICT (key) DO NOTHING`;
  const rows = await db.$queryRaw<Array<{ value: string }>>`
    UPDATE settings
    SET value = jsonb_strip_nulls(value::jsonb || ${changes}::jsonb || jsonb_build_object('updatedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text
    WHERE key = ${KEY}
      AND (${tags}::text[] IS NULL OR '"' || left(encode(sha256(convert_to(value, 'UTF8')), 'hex'), 32) || '"' = ANY(${tags}::text[]))
    RETURNING value`;
  if (!rows[0]) {
    throw new ApiError(
      'precondition_failed',
      'The assistant’s settings have changed since they were read (If-Match). Read them again and reapply your changes.',
    );
  }
  const changed = present(rows[0].value);
  reuse.__assistantWrites = (reuse.__assistantWrites ?? 0) + 1;
  reuse.__assistantRead = { at: Date.now(), value: Promise.resolve(changed) };
  return changed;
}

/** The profile as `principal` may see it: the model's instructions are for admins only. */
export function assistantFor(profile: Required<AssistantProfile>, role: string | undefined): AssistantProfile {
  if (role === 'admin') return profile;
  const { instructions: _instructions, ...shown } = profile;
  return shown;
}
