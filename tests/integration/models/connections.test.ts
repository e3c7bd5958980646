import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { forgetOllamaProbe } from '@/lib/models/detect-ollama';
import { forgetSecretBoxKey } from '@/lib/models/secret-box';
import { api } from '../../support/http';
import { startOllamaStandin } from '../../support/ollama-standin';
import { type Standin } from '../../support/openai-standin';
import { withSettings } from '../../support/with-settings';
import { addConnection, captureLogs, withModelsFixture } from './models-helpers';

const KEY = 'sk-standin-Very-Secret-Key-0001';
let standin: Standin;
let admin: string;
let user: string;
const logs = captureLogs();

withModelsFixture({ reply: 'OK' }, (f) => ({ standin, admin, user } = f), { clean: false });

/** Runs a call with LOG_LEVEL=debug and asserts the key is in neither its body nor any log line. */
async function call(method: string, path: string, json?: unknown) {
  return withSettings({ LOG_LEVEL: 'debug' }, async () => {
    const res = await api(method, path, { key: admin, json });
    const text = await res.text();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(0, 20));
    expect(logs.join('\n')).not.toContain(KEY);
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
  });
}

describe('model connections', () => {
  it('stores the key encrypted and never returns it, only that there is one and its last four characters', async () => {
    const created = await addConnection(admin, { baseUrl: `${standin.baseUrl}/`, apiKey: KEY });
    expect(created).toMatchObject({
      baseUrl: standin.baseUrl,
      wireApi: 'chat',
      hasApiKey: true,
      apiKeyLast4: '0001',
      enabled: true,
      suggested: false,
    });
    expect(JSON.stringify(created)).not.toContain(KEY);
    const rows = await (await prisma()).$queryRawUnsafe<Record<string, unknown>[]>('SELECT * FROM model_connections');
    expect(JSON.stringify(rows)).not.toContain(KEY.slice(0, 12));
    expect(String(rows.find((r) => r.id === created.id)?.api_key_encrypted)).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

    const list = await call('GET', '/api/models/connections');
    expect(list.body.data).toContainEqual(expect.objectContaining({ id: created.id, hasApiKey: true }));
    const changed = await call('PATCH', `/api/models/connections/${created.id}`, { name: 'Renamed', apiKey: null });
    expect(changed.body).toMatchObject({ name: 'Renamed', hasApiKey: false, apiKeyLast4: null });
    expect((await call('DELETE', `/api/models/connections/${created.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/models/connections/${created.id}`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    for (const [method, path] of [
      ['GET', '/api/models/connections'],
      ['POST', '/api/models/connections'],
      ['PATCH', `/api/models/connections/${id}`],
      ['DELETE', `/api/models/connections/${id}`],
      ['POST', `/api/models/connections/${id}/test`],
      ['GET', `/api/models/connections/${id}/models`],
      ['GET', '/api/models'],
      ['PUT', '/api/models/default'],
    ] as const) {
      const res = await api(method, path, {
        key: user,
        json: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, path, res.status]).toEqual([method, path, 403]);
      expect((await api(method, path, {})).status).toBe(401);
    }
    expect(standin.requests).toEqual([]);
  });

  it.each(['chat', 'responses'] as const)(
    'tests a working connection over %s: its models and a one-token answer',
    async (wireApi) => {
      standin.options = { reply: 'OK', models: ['gpt-standin', 'other'] };
      const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY, wireApi });
      const { status, body } = await call('POST', `/api/models/connections/${id}/test`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: true, models: ['gpt-standin', 'other'], model: 'gpt-standin' });
      expect(body.latencyMs).toEqual(expect.any(Number));
      expect(standin.requests.map((r) => r.path)).toEqual([
        '/v1/models',
        wireApi === 'chat' ? '/v1/chat/completions' : '/v1/responses',
      ]);
      for (const r of standin.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(standin.requests[1]!.body).toMatchObject(
        wireApi === 'chat' ? { max_tokens: 1 } : { max_output_tokens: 16 },
      );
      expect((await call('GET', `/api/models/connections/${id}/models`)).body).toEqual({
        data: [
          { id: 'gpt-standin', ownedBy: 'standin' },
          { id: 'other', ownedBy: 'standin' },
        ],
      });
    },
  );

  it('says what failed, with the upstream status, and never the key', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    standin.options = { status: 401 };
    let res = await call('POST', `/api/models/connections/${id}/test`);
    expect(res).toMatchObject({
      status: 502,
      body: { upstreamStatus: 401, detail: expect.stringMatching(/401: check the API key/) },
    });

    standin.options = { garbage: true };
    res = await call('POST', `/api/models/connections/${id}/test`);
    expect(res).toMatchObject({ status: 502, body: { detail: expect.stringMatching(/not the OpenAI wire format/) } });

    standin.options = { hang: true };
    const started = Date.now();
    res = await withSettings({ MODEL_TEST_TIMEOUT_MS: 300 }, () => call('POST', `/api/models/connections/${id}/test`));
    expect(res).toMatchObject({
      status: 504,
      body: { detail: expect.stringMatching(/did not answer GET \/models within 300 ms/) },
    });
    expect(Date.now() - started).toBeLessThan(3_000);

    const port = await closedPort();
    const gone = await addConnection(admin, { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY });
    res = await call('POST', `/api/models/connections/${gone.id}/test`);
    expect(logs.join('')).toContain('model connection call failed'); // the logger's lines are captured
    expect(res).toMatchObject({
      status: 502,
      body: { detail: expect.stringMatching(/Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/) },
    });
  });
});

describe('SSRF and sealed keys', () => {
  it('never follows a redirect, so the key is never sent to another host', async () => {
    const redirector = createHttpServer((_req, res) =>
      res.writeHead(302, { location: `${standin.baseUrl}/models` }).end(),
    );
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirector.address() as { port: number };
      const { id } = await addConnection(admin, { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY });
      const res = await call('POST', `/api/models/connections/${id}/test`);
      expect(res).toMatchObject({
        status: 502,
        body: { upstreamStatus: 302, detail: expect.stringMatching(/redirect \(302\), which is not followed/) },
      });
      expect(standin.requests).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });

  it('sends the stored key to no other host: a base URL on another host needs the key again (422)', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const moved = await call('PATCH', `/api/models/connections/${id}`, { baseUrl: 'https://attacker.example/v1' });
    expect(moved).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/needs its API key again/) } });
    const path = await call('PATCH', `/api/models/connections/${id}`, { baseUrl: `${standin.baseUrl}/` });
    expect(path).toMatchObject({ status: 200, body: { hasApiKey: true } });
    const withKey = await call('PATCH', `/api/models/connections/${id}`, {
      baseUrl: 'https://other.example/v1',
      apiKey: null,
    });
    expect(withKey).toMatchObject({ status: 200, body: { baseUrl: 'https://other.example/v1', hasApiKey: false } });
  });

  it('seals keys under a secret kept in settings when SECRET_KEY is unset; another SECRET_KEY cannot open them', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const kept = await (await prisma()).setting.findUnique({ where: { key: 'secret_key' } });
    expect(kept?.value).toMatch(/^[\w-]{43}$/);
    await withSettings({ SECRET_KEY: 'another secret key of at least thirty-two characters' }, async () => {
      forgetSecretBoxKey();
      const res = await call('POST', `/api/models/connections/${id}/test`);
      expect(res).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/SECRET_KEY changed/) } });
    });
    forgetSecretBoxKey();
    expect((await call('POST', `/api/models/connections/${id}/test`)).status).toBe(200);
  });
});

describe('Ollama detection', () => {
  it('offers an Ollama found at OLLAMA_URL once, disabled and suggested, until an admin enables it', async () => {
    const ollama = await startOllamaStandin();
    try {
      await withSettings({ OLLAMA_URL: ollama.url }, async () => {
        forgetOllamaProbe();
        const first = await call('GET', '/api/models/connections');
        const found = (first.body.data as Record<string, unknown>[]).filter((c) => c.suggested);
        expect(found).toEqual([
          expect.objectContaining({ name: 'Ollama', baseUrl: `${ollama.url}/v1`, enabled: false, hasApiKey: false }),
        ]);
        forgetOllamaProbe(); // a restart: the same server is not offered twice
        const again = await call('GET', '/api/models/connections');
        expect((again.body.data as Record<string, unknown>[]).filter((c) => c.name === 'Ollama')).toHaveLength(1);
        const id = String(found[0]!.id);
        expect((await call('GET', '/api/models')).body.data).not.toContainEqual(
          expect.objectContaining({ connectionId: id }),
        );
        const enabled = await call('PATCH', `/api/models/connections/${id}`, { enabled: true });
        expect(enabled.body).toMatchObject({ enabled: true, suggested: false });
      });
    } finally {
      forgetOllamaProbe();
      await ollama.close();
    }
  });
});

describe('Ollama detection after a probe that timed out', () => {
  it('asks again when the Models page lists connections, rather than keeping the timeout for the process', async () => {
    const ollama = await startOllamaStandin(['llama3.2:3b'], { slowFirstMs: 2_500 });
    try {
      await withSettings({ OLLAMA_URL: ollama.url }, async () => {
        forgetOllamaProbe();
        await (await prisma()).setting.deleteMany({ where: { key: 'ollama_suggested' } });
        await (await prisma()).modelConnection.deleteMany({ where: { suggested: true } });
        const first = await call('GET', '/api/models/connections');
        expect((first.body.data as Record<string, unknown>[]).filter((c) => c.suggested)).toEqual([]);
        const second = await call('GET', '/api/models/connections');
        expect((second.body.data as Record<string, unknown>[]).filter((c) => c.suggested)).toEqual([
          expect.objectContaining({ name: 'Ollama', baseUrl: `${ollama.url}/v1`, enabled: false }),
        ]);
      });
    } finally {
      forgetOllamaProbe();
      await ollama.close();
    }
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
