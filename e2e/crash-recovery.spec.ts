import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { standinModelEnv, startOwnServer, type OwnServer } from './support/own-server';
import { ADMIN_KEY, expect, test } from './support/fixtures';

// The production server itself, killed with SIGKILL while it writes a reply, and its
// per-address limit met through real sockets (the integration tests stamp the peer themselves).
const REPLY = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(' ') + ' done.';
const IP_LIMIT = 60;
let standin: Standin;
let server: OwnServer;
const auth = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standin = await startOpenAIStandin({ reply: REPLY, delayMs: 100 });
  server = await startOwnServer({
    port: 3212,
    name: 'crash',
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      ...standinModelEnv(standin),
      RATE_LIMIT_IP_REQUESTS: String(IP_LIMIT),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await standin?.close();
});

async function call(method: string, path: string, body?: unknown) {
  return fetch(`${server.origin}${path}`, {
    method,
    headers: auth,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test('a server killed mid-reply keeps the question and marks the reply interrupted after restart', async () => {
  test.setTimeout(90_000);
  const { id } = (await (await call('POST', '/api/conversations', {})).json()) as { id: string };
  const res = await call('POST', `/api/conversations/${id}/messages`, { content: 'Tell me something long' });
  expect(res.status).toBe(200);
  // Read the stream until a few words have been written, then kill the process.
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let streamed = '';
  while (!streamed.includes('"word8')) streamed += (await reader.read()).value ?? '';
  await server.kill();
  await reader.cancel().catch(() => {});

  await server.restart();
  // A reply whose heartbeat has stopped is marked once the heartbeat window has passed.
  type Stored = {
    messages: Array<{ role: string; parts: Array<{ type: string; text?: string }>; metadata?: { status?: string } }>;
  };
  let stored: Stored | undefined;
  await expect
    .poll(
      async () => {
        stored = (await (await call('GET', `/api/conversations/${id}`)).json()) as Stored;
        return stored.messages.at(-1)?.metadata?.status;
      },
      { timeout: 40_000, intervals: [2_000] },
    )
    .toBe('interrupted');
  expect(stored!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  expect(stored!.messages[0]!.parts).toEqual([{ type: 'text', text: 'Tell me something long' }]);
  // Whatever was saved before the kill is the start of the reply, never more than was streamed.
  const saved = stored!.messages[1]!.parts.filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('');
  expect(REPLY.startsWith(saved)).toBe(true);
  expect(saved).not.toContain('done.');

  // The conversation is not left locked: the next message gets a whole reply.
  standin.options.delayMs = 0;
  const next = await call('POST', `/api/conversations/${id}/messages`, { content: 'Once more' });
  expect(next.status).toBe(200);
  expect(await next.text()).toContain('done.');
});

test('the per-address limit counts the real socket: a forged peer or X-Forwarded-For header does not reset it', async () => {
  let limited: Response | undefined;
  // (the window slides, so one that turns during the loop does not start the count again; the
  // bound is there so a broken limit ends the loop)
  for (let i = 0; i <= 2 * IP_LIMIT && !limited; i++) {
    const res = await fetch(`${server.origin}/api/conversations`, {
      headers: { 'x-groundwork-peer': `198.51.100.${i}`, 'x-forwarded-for': `203.0.113.${i}` },
    });
    if (res.status === 429) limited = res;
    else expect(res.status).toBe(401);
  }
  expect(limited?.status).toBe(429);
  expect(limited!.headers.get('content-type')).toBe('application/problem+json');
  expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
});
