import { ApiProblem, problemFrom, reach } from '@/components/client-api';
// Types only: the schemas are the API's (lib/schemas), and none of their code reaches the browser.
import type { ChatModelView, ConnectionView, UpdateConnection } from '@/lib/schemas/models';

export type { ChatModelView, ConnectionView };

/** GET /api/models: the chat models an admin may choose from. */
export interface ChatModelList {
  data: ChatModelView[];
  defaultChatModel: string;
  readOnly: boolean;
  unavailable: { connectionId: string; detail: string }[];
}

/** POST /api/models/connections/{id}/test, when both calls answered. */
export interface ConnectionTest {
  ok: true;
  models: string[];
  model: string;
  latencyMs: number;
}

export type ConnectionField = 'name' | 'baseUrl' | 'wireApi' | 'apiKey';
export type FieldErrors = Partial<Record<ConnectionField, string>>;

export const FIELD_LABELS: Record<ConnectionField, string> = {
  name: 'Name',
  baseUrl: 'Base URL',
  wireApi: 'Wire API',
  apiKey: 'API key',
};

/** A refused create or change, with what the API said of each field (its problem's `errors`). */
export class FormProblem extends ApiProblem {
  constructor(
    problem: ApiProblem,
    readonly fields: FieldErrors,
  ) {
    super(problem.status, problem.message, problem.retryAfter);
  }
}

/** The problem's `errors` entries whose JSON pointer names a connection field (`#/baseUrl`). */
export function fieldErrorsOf(body: unknown): FieldErrors {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const fields: FieldErrors = {};
  if (!Array.isArray(errors)) return fields;
  for (const e of errors as { pointer?: unknown; detail?: unknown }[]) {
    const field = typeof e.pointer === 'string' ? e.pointer.replace(/^#\//, '') : '';
    if (field in FIELD_LABELS && typeof e.detail === 'string') fields[field as ConnectionField] ??= e.detail;
  }
  return fields;
}

/** What the form's alert says: the API's detail, or which fields to fix when each says so itself. */
export function formSummary(error: unknown, describe: (e: unknown) => string): string {
  if (error instanceof FormProblem) {
    const named = Object.keys(error.fields) as ConnectionField[];
    if (named.length > 0) return `Not saved: check ${named.map((f) => FIELD_LABELS[f]).join(', ')}.`;
  }
  return describe(error);
}

/** POST or PATCH a connection; a refusal is a FormProblem naming its fields. */
export async function sendConnection(
  path: string,
  method: 'POST' | 'PATCH',
  body: Record<string, unknown>,
): Promise<ConnectionView> {
  const res = await reach(path, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return (await res.json()) as ConnectionView;
  const problem = await problemFrom(res.clone());
  throw new FormProblem(problem, fieldErrorsOf(await res.json().catch(() => null)));
}

export const wireApiLabel = (wireApi: ConnectionView['wireApi']) =>
  wireApi === 'responses' ? 'Responses' : 'Chat completions';

/** A stored key is never shown: its last four characters tell keys apart (keys of 12 or more). */
export function keyLabel(c: Pick<ConnectionView, 'hasApiKey' | 'apiKeyLast4'>): string {
  if (!c.hasApiKey) return 'no key';
  return c.apiKeyLast4 ? `••••${c.apiKeyLast4}` : 'key set';
}

export function testSummary(t: ConnectionTest): string {
  const listed = t.models.length === 1 ? '1 model listed' : `${t.models.length} models listed`;
  return `Works: ${t.model} answered in ${t.latencyMs} ms; ${listed}.`;
}

export type KeyMode = 'keep' | 'replace' | 'remove';

export interface ConnectionDraft {
  name: string;
  baseUrl: string;
  wireApi: ConnectionView['wireApi'];
  keyMode: KeyMode;
  apiKey: string;
}

const originOf = (url: string): string | null => (URL.canParse(url) ? new URL(url).origin : null);

/** Pointing a connection that has a key at another host must come with the key again (the API's 422). */
export function keyNeededAgain(c: ConnectionView, draft: ConnectionDraft): boolean {
  if (!c.hasApiKey || draft.keyMode !== 'keep') return false;
  const next = originOf(draft.baseUrl.trim());
  return next !== null && next !== originOf(c.baseUrl);
}

/** The merge patch for what the edit form changed; the key only when replaced or removed. */
export function connectionPatch(c: ConnectionView, draft: ConnectionDraft): UpdateConnection {
  const patch: UpdateConnection = {};
  if (draft.name.trim() !== c.name) patch.name = draft.name.trim();
  if (draft.baseUrl.trim() !== c.baseUrl) patch.baseUrl = draft.baseUrl.trim();
  if (draft.wireApi !== c.wireApi) patch.wireApi = draft.wireApi;
  if (draft.keyMode === 'replace') patch.apiKey = draft.apiKey.trim();
  if (draft.keyMode === 'remove' && c.hasApiKey) patch.apiKey = null;
  return patch;
}
