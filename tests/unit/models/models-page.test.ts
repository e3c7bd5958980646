import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeProblem } from '@/components/client-api';
import { environmentRows } from '@/components/admin/models/environment';
import { environmentModel, modelOptions, unavailableConnections } from '@/components/admin/models/model-choices';
import {
  connectionPatch,
  FormProblem,
  formSummary,
  keyLabel,
  keyNeededAgain,
  sendConnection,
  testSummary,
  type ChatModelList,
  type ConnectionDraft,
  type ConnectionView,
} from '@/components/admin/models/models-api';

// The Models page's logic outside React: what it shows of keys, settings and tests, and what it sends.

const ID = '0193f5a0-0000-7000-8000-000000000001';
const conn = (over: Partial<ConnectionView> = {}): ConnectionView => ({
  id: ID,
  name: 'LAN',
  baseUrl: 'http://10.0.0.5:11434/v1',
  wireApi: 'chat',
  hasApiKey: true,
  apiKeyLast4: 'wxyz',
  enabled: true,
  suggested: false,
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:00.000Z',
  ...over,
});
const draft = (c: ConnectionView, over: Partial<ConnectionDraft> = {}): ConnectionDraft => ({
  name: c.name,
  baseUrl: c.baseUrl,
  wireApi: c.wireApi,
  keyMode: 'keep',
  apiKey: '',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('sending a connection', () => {
  it('turns a 400 problem into field errors next to the fields, and a summary naming them', async () => {
    const problem = {
      type: 'https://groundwork.dev/problems/validation',
      title: 'Bad Request',
      status: 400,
      detail: 'body.baseUrl: must be an http or https URL',
      errors: [
        { pointer: '#/baseUrl', detail: 'must be an http or https URL' },
        { pointer: '#/name', detail: 'must not be empty' },
        { pointer: '#/other', detail: 'ignored' },
      ],
    };
    vi.stubGlobal('fetch', async () =>
      Response.json(problem, { status: 400, headers: { 'content-type': 'application/problem+json' } }),
    );
    const error = await sendConnection('/api/models/connections', 'POST', { baseUrl: 'ftp://x' }).catch((e) => e);
    expect(error).toBeInstanceOf(FormProblem);
    expect(error).toMatchObject({
      status: 400,
      message: problem.detail,
      fields: { baseUrl: 'must be an http or https URL', name: 'must not be empty' },
    });
    expect(formSummary(error, describeProblem)).toBe('Not saved: check Base URL, Name.');
  });

  it('says the API’s detail when no field is named (a 422 for a moved host), and words for no answer', async () => {
    const detail = 'A base URL on another host needs its API key again: send apiKey (or null for none).';
    vi.stubGlobal('fetch', async () => Response.json({ status: 422, detail }, { status: 422 }));
    const moved = await sendConnection(`/api/models/connections/${ID}`, 'PATCH', {}).catch((e) => e);
    expect(formSummary(moved, describeProblem)).toBe(detail);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await sendConnection('/api/models/connections', 'POST', {}).catch((e) => e);
    expect(formSummary(offline, describeProblem)).toMatch(/Could not reach the server/);
  });
});

describe('the edit form', () => {
  it('sends only what changed, and the key only when replaced or removed', () => {
    const c = conn();
    expect(connectionPatch(c, draft(c))).toEqual({});
    expect(connectionPatch(c, draft(c, { name: ' Office GPU ', wireApi: 'responses' }))).toEqual({
      name: 'Office GPU',
      wireApi: 'responses',
    });
    expect(connectionPatch(c, draft(c, { keyMode: 'replace', apiKey: ' sk-new-key-123456 ' }))).toEqual({
      apiKey: 'sk-new-key-123456',
    });
    expect(connectionPatch(c, draft(c, { keyMode: 'remove' }))).toEqual({ apiKey: null });
    expect(connectionPatch(conn({ hasApiKey: false }), draft(c, { keyMode: 'remove' }))).toEqual({});
  });

  it('warns that another host needs the key again, not a new path on the same one', () => {
    const c = conn();
    expect(keyNeededAgain(c, draft(c, { baseUrl: 'https://evil.example/v1' }))).toBe(true);
    expect(keyNeededAgain(c, draft(c, { baseUrl: 'http://10.0.0.5:11434/api/v1' }))).toBe(false);
    expect(keyNeededAgain(c, draft(c, { baseUrl: 'https://evil.example/v1', keyMode: 'replace' }))).toBe(false);
    expect(keyNeededAgain(conn({ hasApiKey: false }), draft(c, { baseUrl: 'https://evil.example/v1' }))).toBe(false);
    expect(keyNeededAgain(c, draft(c, { baseUrl: 'not a url' }))).toBe(false);
  });
});

it('shows a key only by its last four characters, and a test by its model, time and count', () => {
  expect(keyLabel(conn())).toBe('••••wxyz');
  expect(keyLabel(conn({ apiKeyLast4: null }))).toBe('key set');
  expect(keyLabel(conn({ hasApiKey: false, apiKeyLast4: null }))).toBe('no key');
  expect(testSummary({ ok: true, models: ['a', 'b'], model: 'a', latencyMs: 42 })).toBe(
    'Works: a answered in 42 ms; 2 models listed.',
  );
  expect(testSummary({ ok: true, models: ['a'], model: 'a', latencyMs: 7 })).toMatch(/1 model listed/);
});

describe('the default model', () => {
  const list = (over: Partial<ChatModelList> = {}): ChatModelList => ({
    data: [
      { id: 'local', name: 'local (quotes your documents)', connectionId: null, readOnly: false, default: false },
      { id: `${ID}:llama3.2:3b`, name: 'LAN / llama3.2:3b', connectionId: ID, readOnly: false, default: true },
    ],
    defaultChatModel: `${ID}:llama3.2:3b`,
    readOnly: false,
    unavailable: [],
    ...over,
  });

  it('offers every choice, and keeps the current default on show when its server is not answering', () => {
    expect(modelOptions(list()).map((o) => o.id)).toEqual(['local', `${ID}:llama3.2:3b`]);
    const gone = list({ data: list().data.slice(0, 1), defaultChatModel: `${ID}:qwen3` });
    expect(modelOptions(gone).at(-1)).toEqual({ id: `${ID}:qwen3`, label: `${ID}:qwen3 (not available now)` });
  });

  it('names the environment’s model when CHAT_MODEL chooses, and unavailable connections by name', () => {
    expect(environmentModel(list())).toBeUndefined();
    const env = list({
      readOnly: true,
      defaultChatModel: 'openai:gpt-4.1-mini',
      data: [
        ...list().data,
        { id: 'openai:gpt-4.1-mini', name: 'openai:gpt-4.1-mini', connectionId: null, readOnly: true, default: true },
      ],
    });
    expect(environmentModel(env)).toBe('openai:gpt-4.1-mini');
    const down = list({
      unavailable: [{ connectionId: ID, detail: 'Could not reach 10.0.0.5:11434 (ECONNREFUSED).' }],
    });
    expect(unavailableConnections(down, [conn()])).toEqual([
      { name: 'LAN', detail: 'Could not reach 10.0.0.5:11434 (ECONNREFUSED).' },
    ]);
  });
});

describe('the environment card', () => {
  it('shows hosts and whether a key is set, never a key or a URL’s credentials', () => {
    const rows = environmentRows({
      CHAT_MODEL: 'openai:gpt-4.1-mini',
      OPENAI_BASE_URL: 'https://user:hunter2@llm.example.com:8443/v1?token=t0ps3cret',
      OPENAI_API_KEY: 'sk-live-abcdefghijklmnop',
      EMBEDDING_MODEL: 'local',
      OLLAMA_URL: 'http://admin:pw@192.168.1.20:11434',
    });
    const shown = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    expect(shown).toEqual({
      CHAT_MODEL: 'openai:gpt-4.1-mini',
      OPENAI_BASE_URL: 'llm.example.com:8443',
      OPENAI_API_KEY: 'set',
      EMBEDDING_MODEL: 'local',
      OLLAMA_URL: '192.168.1.20:11434',
    });
    expect(JSON.stringify(rows)).not.toMatch(/hunter2|t0ps3cret|sk-live|pw@/);
    expect(rows[0]!.note).toMatch(/read-only/);
  });

  it('says what is unset or off', () => {
    const rows = environmentRows({
      CHAT_MODEL: 'local',
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      EMBEDDING_MODEL: 'local',
      OLLAMA_URL: 'off',
    });
    expect(rows.map((r) => r.value)).toEqual(['local', 'not set', 'not set', 'local', 'off']);
    expect(rows[0]!.note).toMatch(/chosen here/);
  });
});
