import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, describeProblem } from '@/components/client-api';
import { modelOptions, unavailableConnections } from '@/components/admin/models/model-choices';
import {
  connectionPatch,
  FormProblem,
  formSummary,
  keyLabel,
  keyNeededAgain,
  sendConnection,
  type ChatModelList,
  type ConnectionDraft,
  type ConnectionView,
} from '@/components/admin/models/models-api';
import { BASE, callRoute, newKey } from '../../support/http';
import { startOpenAIStandin, type Standin } from '../../support/openai-standin';
import { forgetModels } from './models-helpers';

// The Models page's own requests (components/admin/models) against the real route handlers: what it
// reads of the API's problems (field errors, the 422 for a moved host) is what the API answers.

const KEY = 'sk-standin-Page-Secret-Key-0003';
let standin: Standin;
let admin: string;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  standin = await startOpenAIStandin({ models: ['writer-1', 'writer-2'] });
  admin = (await newKey('admin')).key;
});
beforeEach(async () => {
  await forgetModels();
  // The browser's fetch (a path), to this process's route handlers as the signed-in admin; the
  // server's own calls (absolute URLs, to the stand-in) go out as they would.
  vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => {
    if (typeof input !== 'string' || !input.startsWith('/')) return realFetch(input, init);
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${admin}`);
    return callRoute(new Request(new URL(input, BASE), { ...init, headers }));
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await forgetModels();
  await standin.close();
});

const draftOf = (c: ConnectionView, over: Partial<ConnectionDraft>): ConnectionDraft => ({
  name: c.name,
  baseUrl: c.baseUrl,
  wireApi: c.wireApi,
  keyMode: 'keep',
  apiKey: '',
  ...over,
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the Models page’s requests', () => {
  it('shows the API’s refusals next to the fields they name', async () => {
    const refused = await sendConnection('/api/models/connections', 'POST', {
      name: ' ',
      baseUrl: 'ftp://models.example/v1',
      wireApi: 'chat',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FormProblem);
    expect((refused as FormProblem).status).toBe(400);
    expect((refused as FormProblem).fields).toEqual({
      name: expect.any(String),
      baseUrl: 'must be an http or https URL',
    });
    expect(formSummary(refused, describeProblem)).toBe('Not saved: check Name, Base URL.');
  });

  it('adds a connection, shows its key by its last four, and sends only the changes it makes', async () => {
    const c = await sendConnection('/api/models/connections', 'POST', {
      name: 'Stand-in',
      baseUrl: standin.baseUrl,
      wireApi: 'chat',
      apiKey: KEY,
    });
    expect(keyLabel(c)).toBe('••••0003');
    expect(JSON.stringify(c)).not.toContain(KEY);

    // Another host with the key kept: the page warns, and the API refuses in words the page shows.
    const moved = draftOf(c, { baseUrl: 'http://127.0.0.2:9/v1' });
    expect(keyNeededAgain(c, moved)).toBe(true);
    const refused = await sendConnection(`/api/models/connections/${c.id}`, 'PATCH', connectionPatch(c, moved)).catch(
      (e: unknown) => e,
    );
    expect((refused as FormProblem).status).toBe(422);
    expect(formSummary(refused, describeProblem)).toMatch(/another host needs its API key again/);

    const renamed = await sendConnection(
      `/api/models/connections/${c.id}`,
      'PATCH',
      connectionPatch(c, draftOf(c, { name: 'Writer', keyMode: 'replace', apiKey: 'sk-replaced-page-key-9999' })),
    );
    expect(renamed).toMatchObject({ name: 'Writer', baseUrl: standin.baseUrl, apiKeyLast4: '9999' });
    const keyless = await sendConnection(
      `/api/models/connections/${c.id}`,
      'PATCH',
      connectionPatch(renamed, draftOf(renamed, { keyMode: 'remove' })),
    );
    expect(keyLabel(keyless)).toBe('no key');
  });

  it('offers the models of enabled connections, and names a connection nothing answers', async () => {
    const good = await sendConnection('/api/models/connections', 'POST', { name: 'Good', baseUrl: standin.baseUrl });
    const gone = await sendConnection('/api/models/connections', 'POST', {
      name: 'Gone',
      baseUrl: `http://127.0.0.1:${await closedPort()}/v1`,
    });
    const list = await apiFetch<ChatModelList>('/api/models');
    expect(modelOptions(list)).toEqual([
      { id: 'local', label: 'local (quotes your documents)' },
      { id: `${good.id}:writer-1`, label: 'Good / writer-1' },
      { id: `${good.id}:writer-2`, label: 'Good / writer-2' },
    ]);
    expect(unavailableConnections(list, [good, gone])).toEqual([
      { name: 'Gone', detail: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.$/) },
    ]);

    const saved = await apiFetch<ChatModelList>('/api/models/default', {
      method: 'PUT',
      json: { chatModel: `${good.id}:writer-2` },
    });
    expect(saved.defaultChatModel).toBe(`${good.id}:writer-2`);
    // Its connection switched off, the stored choice is no model on offer: the page still shows it as chosen.
    await sendConnection(`/api/models/connections/${good.id}`, 'PATCH', { enabled: false });
    const after = await apiFetch<ChatModelList>('/api/models');
    expect(modelOptions(after).map((o) => o.id)).toContain(after.defaultChatModel);
  });
});
