import 'server-only';
import { narrowReach, readableCollections, reaches, type Reach } from '@/lib/access';
import { resolveChatModel } from '@/lib/ai/providers/resolve-chat-model';
import { allowedChatModels } from '@/lib/models/allowed-models';
import type { Principal } from '@/lib/auth/principal';
import { listCollections } from '@/lib/collections';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { isUuid } from '@/lib/uuid';
import type { OpenAiModel } from '@/lib/schemas/openai';

/** When the process started, for the chat model's `created` (OpenAI's is when a model was made). */
const STARTED = Math.floor(Date.now() / 1000);

/** The chat model's name for OpenAI clients: `local` for the built-in model, else its id (`openai:gpt-4.1-mini`). */
export async function chatModelName(): Promise<string> {
  const { id } = await resolveChatModel();
  return id === 'local:extractive' ? 'local' : id;
}

/** The other chat models an admin allowed (GET /api/models/allowed), by the names a request gives them. */
async function otherAllowedNames(name: string): Promise<string[]> {
  return (await allowedChatModels()).map((m) => (m.id === 'local' ? 'local' : m.id)).filter((id) => id !== name);
}

/**
 * The model names a principal may ask for: the default chat model, which searches every
 * collection it reads; the other models an admin allowed in the chat (`<connection id>:<model>`);
 * and `<chat model>@<collection id>` for each of those collections, which searches that one
 * alone (any allowed model may take the suffix; the default's are listed). Ids rather than
 * names: a collection renamed keeps its model name.
 */
export async function listModels(principal: Principal): Promise<OpenAiModel[]> {
  const name = await chatModelName();
  const [others, collections] = await Promise.all([otherAllowedNames(name), listCollections(principal)]);
  return [
    { id: name, object: 'model', created: STARTED, owned_by: 'groundwork' },
    ...others.map((id) => ({ id, object: 'model' as const, created: STARTED, owned_by: 'groundwork' })),
    ...collections.map((c) => ({
      id: `${name}@${c.id}`,
      object: 'model' as const,
      created: Math.floor(Date.parse(c.createdAt) / 1000),
      owned_by: 'groundwork',
      collection: { id: c.id, name: c.name },
    })),
  ];
}

/**
 * What a requested model name answers with and from: `chatModel`, an allowed model other than
 * the default (for resolveChatModel); the principal's whole reach, or one collection of it.
 * Anything else (another model, a collection it may not read or that does not exist) is 404
 * `model_not_found`, the same answer for each, so a name reveals no collection.
 */
export async function resolveModel(
  principal: Principal,
  model: string,
): Promise<{ reach: Reach; collectionId?: string; chatModel?: string }> {
  const name = await chatModelName();
  const reach = await readableCollections(principal);
  // `@` and a UUID at the end name a collection; a model's own `@` (`llama@v2`) is part of its name.
  const split = model.lastIndexOf('@');
  const at = split > 0 && isUuid(model.slice(split + 1)) ? split : -1;
  const asked = at > 0 ? model.slice(0, at) : model;
  const chatModel = asked === name ? undefined : (await otherAllowedNames(name)).find((id) => id === asked);
  if (asked !== name && chatModel === undefined) throw modelNotFound(model);
  const chosen = chatModel === undefined ? {} : { chatModel };
  if (at <= 0) return { reach, ...chosen };
  const collectionId = model.slice(at + 1).toLowerCase();
  if (reaches(reach, collectionId)) {
    // A reach of ids lists collections that exist; a reach of all (admins) says nothing of this one.
    const exists = !reach.all || (await (await prisma()).collection.count({ where: { id: collectionId } })) > 0;
    if (exists) return { reach: narrowReach(reach, [collectionId]), collectionId, ...chosen };
  }
  throw modelNotFound(model);
}

function modelNotFound(model: string): ApiError {
  // Echoed inside JSON only, clipped and without control characters: nothing a log or terminal acts on.
  const shown = model.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 100);
  return new ApiError('not_found', `The model \`${shown}\` does not exist or you do not have access to it.`, {
    extensions: { openai: { code: 'model_not_found', param: 'model' } },
  });
}
