import { randomUUID } from 'node:crypto';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '@/lib/auth/api-keys';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { api, newKey } from '../../support/http';
import { withSettings } from '../../support/with-settings';
import { addSource } from '../chat/chat-helpers';
import { callTool, connectMcp, postMcp, toolsCall } from './mcp-client';

/** What an MCP client gets wrong, and what an attacker tries: the answers are errors it can act on, never a leak. */

let tag: string;
let sourceId: string;
let key: string;

beforeAll(async () => {
  tag = randomUUID().slice(0, 8);
  sourceId = await addSource(`Heron ${tag} field notes`, [
    `The grey heron ${tag} nests in colonies at the tops of tall trees, from February onwards.`,
  ]);
  ({ key } = await newKey('user'));
});

const rpcError = async (res: Response) =>
  ((await res.json()) as { jsonrpc: string; error: { code: number; message: string } }).error;

describe('MCP authentication', () => {
  it('refuses a client without a key, or with a bad one: 401 with WWW-Authenticate: Bearer', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer gwk_not-a-real-key' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of tries) {
      const error = await connectMcp(undefined, headers).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(401);
    }
    const res = await postMcp(toolsCall('search_knowledge', { query: 'heron' }), {
      headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    const bad = await postMcp(toolsCall('search_knowledge', { query: 'heron' }), { key: 'gwk_leaked-secret-value' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(await bad.text()).not.toContain('leaked-secret-value');
  });

  it('takes an API key only: a browser’s cookie is not enough', async () => {
    const cookie = `gw_visitor=${(await newVisitorCookie(false)).value}`;
    const res = await withSettings({ ANONYMOUS_ACCESS: 'on' }, () =>
      postMcp(toolsCall('search_knowledge', { query: 'heron' }), { headers: { cookie } }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it('checks the key on every request: a key revoked mid-session is refused at its next call', async () => {
    const own = await newKey('user');
    const client = await connectMcp(own.key);
    expect((await callTool(client, 'get_source', { sourceId })).isError).toBe(false);
    await revokeApiKey(own.id);
    const error = await callTool(client, 'get_source', { sourceId }).catch((e: unknown) => e);
    expect((error as StreamableHTTPError).code).toBe(401);
    await client.close();
  });
});

describe('MCP bad arguments: tool errors that say what is wrong', () => {
  let client: Awaited<ReturnType<typeof connectMcp>>;
  beforeAll(async () => {
    client = await connectMcp(key);
  });
  afterAll(async () => {
    await client.close();
  });

  it.each([
    ['search_knowledge', {}, /query/],
    ['search_knowledge', { query: '   ' }, /query[\s\S]*empty|empty[\s\S]*query/],
    ['search_knowledge', { query: 'heron', k: 0 }, /at least 1[\s\S]*\bk\b/],
    ['search_knowledge', { query: 'heron', k: 101 }, /at most 100[\s\S]*\bk\b/],
    ['search_knowledge', { query: 'heron', k: 2.5 }, /whole number[\s\S]*\bk\b/],
    ['search_knowledge', { query: 'heron', k: '5' }, /\bk\b/],
    ['search_knowledge', { query: 'x'.repeat(2001) }, /at most 2000/],
    ['search_knowledge', { query: 'heron\u0000' }, /NUL/],
    ['search_knowledge', { query: 'heron', sourceId: '../etc/passwd' }, /UUID[\s\S]*sourceId/],
    ['get_source', {}, /sourceId/],
    ['get_source', { sourceId: 'x'.repeat(10_000) }, /UUID/],
    ['read_source', { sourceId: '00000000-0000-0000-0000-000000000000', offset: -1 }, /not be negative[\s\S]*offset/],
    ['read_source', { sourceId: '00000000-0000-0000-0000-000000000000', length: 50_001 }, /at most 50000[\s\S]*length/],
    ['ask', {}, /question/],
    ['ask', { question: 'half \ud83d' }, /surrogate/],
  ])('%s %j', async (tool, args, message) => {
    const { isError, text } = await callTool(client, tool, args);
    expect(isError).toBe(true);
    expect(text).toMatch(message);
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('an unknown tool is an error naming it', async () => {
    const { isError, text } = await callTool(client, 'drop_tables', {});
    expect(isError).toBe(true);
    expect(text).toContain('drop_tables');
  });

  it('unknown arguments and __proto__ are ignored, as unknown members of a REST body are', async () => {
    const { isError, value } = await callTool<{ id: string }>(client, 'get_source', { sourceId, admin: true });
    expect(isError).toBe(false);
    expect(value.id).toBe(sourceId);
    const raw = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_source","arguments":{"sourceId":"${sourceId}","__proto__":{"sourceId":"${randomUUID()}"}}}}`;
    const res = await postMcp(raw, { key });
    const body = (await res.json()) as { result: { isError?: boolean; structuredContent: { id: string } } };
    expect(body.result.isError).toBeUndefined();
    expect(body.result.structuredContent.id).toBe(sourceId);
  });
});

describe('MCP over HTTP: the transport’s own errors are JSON-RPC errors', () => {
  it('malformed JSON and messages that are not JSON-RPC: 400 with a JSON-RPC error', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1,', '[1, 2]', '{"hello": "world"}', '"tools/list"']) {
      const res = await postMcp(body, { key });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await rpcError(res)).code).toBe(-32700);
    }
  });

  it('an unknown method is a JSON-RPC "method not found"', async () => {
    const res = await postMcp(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'sources/delete_all' }), { key });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('a body over MAX_JSON_BYTES is 413; another content type 415', async () => {
    const big = toolsCall('search_knowledge', { query: 'x'.repeat(3000) });
    const res = await withSettings({ MAX_JSON_BYTES: 2048 }, () => postMcp(big, { key }));
    expect(res.status).toBe(413);
    expect((await rpcError(res)).code).toBe(-32000);
    const text = await postMcp(toolsCall('search_knowledge', { query: 'heron' }), {
      key,
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('GET and DELETE answer 405 with Allow: POST (no server stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await api(method, '/api/mcp', { key, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('answers a raw tools/call without a session: any instance can take any request', async () => {
    const res = await postMcp(toolsCall('search_knowledge', { query: `grey heron ${tag} nests` }), { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = (await res.json()) as { result: { content: Array<{ text: string }> } };
    expect(body.result.content[0]!.text).toContain(sourceId);
  });
});

describe('MCP ask and the message limit', () => {
  it('shares the key’s message limit with conversations and /ask: over it, a tool error saying when to retry', async () => {
    const own = await newKey('user');
    await withSettings({ RATE_LIMIT_MESSAGES: 2 }, async () => {
      const client = await connectMcp(own.key);
      const question = `When does the grey heron ${tag} nest?`;
      expect((await api('POST', '/api/ask', { key: own.key, json: { question } })).status).toBe(200);
      expect((await callTool(client, 'ask', { question })).isError).toBe(false);
      const limited = await callTool(client, 'ask', { question });
      expect(limited.isError).toBe(true);
      expect(limited.text).toMatch(/Too many requests; try again in \d+ seconds/);
      // Searching is not a message: it still works.
      expect((await callTool(client, 'search_knowledge', { query: 'heron' })).isError).toBe(false);
      await client.close();
    });
  });
});
