import 'server-only';
import { prisma } from '@/lib/db';
import type { ModelConnection } from '@/lib/db/generated/client';
import { ApiError, notFound } from '@/lib/http/api-error';
import { redactInLogs } from '@/lib/log';
import type { ConnectionView, CreateConnection, UpdateConnection } from '@/lib/schemas/models';
import { forgetChosenModel } from './default-model';
import { forgetChosenEmbeddingModel } from './embedding-choice';
import { open, seal } from './secret-box';

/** What the API shows of a connection: never the key, only whether there is one and its last four characters. */
export function connectionView(c: ModelConnection): ConnectionView {
  return {
    id: c.id,
    name: c.name,
    baseUrl: c.baseUrl,
    wireApi: c.wireApi === 'responses' ? 'responses' : 'chat',
    hasApiKey: c.apiKeyEncrypted !== null,
    apiKeyLast4: c.apiKeyLast4,
    enabled: c.enabled,
    suggested: c.suggested,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const last4 = (key: string) => (key.length >= 12 ? key.slice(-4) : null);

async function sealedKey(apiKey: string | null | undefined) {
  if (apiKey === undefined) return {};
  if (apiKey === null) return { apiKeyEncrypted: null, apiKeyLast4: null };
  redactInLogs(apiKey);
  return { apiKeyEncrypted: await seal(apiKey), apiKeyLast4: last4(apiKey) };
}

export async function listConnections(): Promise<ModelConnection[]> {
  const db = await prisma();
  return db.modelConnection.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export async function getConnectionOrThrow(id: string): Promise<ModelConnection> {
  const db = await prisma();
  const row = await db.modelConnection.findUnique({ where: { id } });
  if (!row) throw notFound('model connection');
  return row;
}

/** The connection with its key opened, for calling its server. */
export async function connectionSecret(c: ModelConnection): Promise<string | undefined> {
  if (!c.apiKeyEncrypted) return undefined;
  try {
    const apiKey = await open(c.apiKeyEncrypted);
    redactInLogs(apiKey); // an upstream error message may echo it, and the chat logs those
    return apiKey;
  } catch {
    throw new ApiError('conflict', 'The connection’s API key cannot be opened: SECRET_KEY changed. Set its key again.');
  }
}

export async function createConnection(input: CreateConnection): Promise<ModelConnection> {
  const db = await prisma();
  const { apiKey, ...rest } = input;
  const row = await db.modelConnection.create({ data: { ...rest, ...(await sealedKey(apiKey)) } });
  forgetChosenModel();
  forgetChosenEmbeddingModel();
  return row;
}

/** Enabling a suggested connection makes it an ordinary one. */
export async function updateConnection(id: string, input: UpdateConnection): Promise<ModelConnection> {
  const before = await getConnectionOrThrow(id);
  // The stored key goes only where it was given for: pointing the connection at another host
  // (say, from a stolen admin session) must come with its key, so it cannot be exfiltrated.
  const moved = input.baseUrl !== undefined && new URL(input.baseUrl).origin !== new URL(before.baseUrl).origin;
  if (moved && before.apiKeyEncrypted && input.apiKey === undefined) {
    throw new ApiError(
      'unprocessable',
      'A base URL on another host needs its API key again: send apiKey (or null for none).',
    );
  }
  const db = await prisma();
  const { apiKey, ...rest } = input;
  const row = await db.modelConnection.update({
    where: { id },
    data: { ...rest, ...(await sealedKey(apiKey)), ...(input.enabled ? { suggested: false } : {}) },
  });
  forgetChosenModel();
  forgetChosenEmbeddingModel();
  return row;
}

export async function deleteConnection(id: string): Promise<void> {
  const db = await prisma();
  const { count } = await db.modelConnection.deleteMany({ where: { id } });
  if (count === 0) throw notFound('model connection');
  forgetChosenModel();
  forgetChosenEmbeddingModel();
}
