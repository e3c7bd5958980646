import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from '../../support/http';
import { toolsCall } from '../mcp/mcp-client';
import {
  ask,
  buildOrg,
  callAs,
  conversationOf,
  QUESTION,
  shelvesIn,
  type Caller,
  type Org,
  type Shelf,
} from './teams-fixture';

/**
 * Every endpoint that can reveal knowledge × every kind of caller: the status each gets, and that
 * no secret word, title or id of a source the caller may not read appears anywhere in any body
 * (streamed replies and stored citations included). One line per endpoint in `ENDPOINTS`.
 */

interface Prepared {
  /** The caller's own conversation, with one reply to QUESTION. */
  conversationId: string;
  replyId: string;
}

interface Endpoint {
  name: string;
  call: (who: Caller, mine: Prepared) => Promise<Response>;
  /** The status for a caller who may use it (default 200); callers who may not: 401 without access, 403 for admin-only. */
  status?: (who: Caller) => number;
  adminOnly?: boolean;
  /** A 200 must show something the caller may read (the test would be vacuous otherwise). */
  shows?: boolean;
  /** The part of the body checked, when not all of it (see the row that uses it). */
  checked?: (body: string) => string;
}

/**
 * A conversation's JSON without the text of its messages: what its owner asked and was answered
 * is their own history, kept as they saw it; its citations are checked (and so are the words it
 * quotes in each citation's snippet and title).
 */
const withoutMessageText = (body: string) => {
  const { messages, ...rest } = JSON.parse(body) as { messages?: { parts: { type: string }[] }[] };
  if (!messages) return body;
  return JSON.stringify({ ...rest, parts: messages.map((m) => m.parts.filter((p) => p.type !== 'text')) });
};

let org: Org;
const prepared = new Map<string, Prepared>();
/** A conversation of Alice's (HR) whose reply cites the HR source. */
let aliceConversation: string;

const sourceText = (shelf: Shelf): Endpoint => ({
  name: `GET /api/knowledge/sources/{${shelf}}/text (passage view)`,
  call: (who) => callAs(who, 'GET', `/api/knowledge/sources/${org.sources[shelf]}/text`),
  status: (who) => (who.reads!.includes(shelf) ? 200 : 404),
  shows: true,
});

/** An endpoint about one collection's source: 200 for a caller who reads that collection, else 404 as unknown. */
const sourceEndpoint = (shelf: Shelf, name: string, path: (id: string) => string): Endpoint => ({
  name: `GET ${name.replace('{id}', `{${shelf}}`)}`,
  call: (who) => callAs(who, 'GET', path(org.sources[shelf])),
  status: (who) => (who.reads!.includes(shelf) ? 200 : 404),
  shows: true,
});

const collectionEndpoint = (shelf: Shelf): Endpoint => ({
  name: `GET /api/collections/{${shelf}}`,
  call: (who) => callAs(who, 'GET', `/api/collections/${org.collections[shelf]}`),
  status: (who) => (who.reads!.includes(shelf) ? 200 : 404),
  checked: collectionsNamed,
  shows: true,
});

const SHELVES = ['public', 'members', 'hr'] as const;

/**
 * An MCP tool call as a client sends it (tools/call, stateless): API keys only, so a cookie gets 401. A tool
 * refused a source answers 200 with `isError`, so only the search and the answer must show something.
 */
const mcpTool = (tool: string, args: () => Record<string, unknown>, label = tool, shows = false): Endpoint => ({
  name: `POST /api/mcp ${label}`,
  call: (who) =>
    callAs(who, 'POST', '/api/mcp', {
      body: toolsCall(tool, args()),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    }),
  status: (who) => (who.auth.key ? 200 : 401),
  shows,
});

/** A collection's id counts as its shelf's secret: listing an unreadable collection is a leak too. */
const collectionsNamed = (body: string) =>
  SHELVES.reduce((text, shelf) => text.replaceAll(org.collections[shelf], org.secrets[shelf]), body);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/knowledge/search',
    call: (who) => callAs(who, 'GET', `/api/knowledge/search?q=${encodeURIComponent(QUESTION)}&k=20`),
    shows: true,
  },
  { name: 'GET /api/knowledge/sources', call: (who) => callAs(who, 'GET', '/api/knowledge/sources'), shows: true },
  ...SHELVES.flatMap((shelf) => [
    sourceEndpoint(shelf, '/api/knowledge/sources/{id}', (id) => `/api/knowledge/sources/${id}`),
    sourceEndpoint(shelf, '/api/knowledge/sources/{id}/chunks', (id) => `/api/knowledge/sources/${id}/chunks`),
  ]),
  {
    name: 'GET /api/collections',
    call: (who) => callAs(who, 'GET', '/api/collections'),
    checked: collectionsNamed,
    shows: true,
  },
  ...SHELVES.map(collectionEndpoint),
  {
    name: 'POST /api/ask',
    call: (who) => callAs(who, 'POST', '/api/ask', { json: { question: QUESTION } }),
    shows: true,
  },
  {
    name: 'POST /api/conversations/{id}/messages',
    call: async (who) => {
      const res = await callAs(who, 'POST', '/api/conversations', { json: {} });
      const id = res.status === 201 ? (await bodyOf<{ id: string }>(res)).id : randomUUID();
      return callAs(who, 'POST', `/api/conversations/${id}/messages`, { json: { content: QUESTION } });
    },
    shows: true,
  },
  {
    name: 'POST /api/conversations/{id}/messages (Accept: text/plain)',
    call: async (who) => {
      const res = await callAs(who, 'POST', '/api/conversations', { json: {} });
      const id = res.status === 201 ? (await bodyOf<{ id: string }>(res)).id : randomUUID();
      return callAs(who, 'POST', `/api/conversations/${id}/messages`, {
        json: { content: QUESTION },
        headers: { accept: 'text/plain' },
      });
    },
    shows: true,
  },
  ...[false, true].map((stream): Endpoint => ({
    name: `POST /api/v1/chat/completions${stream ? ' (stream)' : ''}`,
    call: (who) =>
      callAs(who, 'POST', '/api/v1/chat/completions', {
        json: { model: 'local', messages: [{ role: 'user', content: QUESTION }], stream },
      }),
    shows: true,
  })),
  ...SHELVES.map((shelf): Endpoint => ({
    name: `POST /api/v1/chat/completions (model local@{${shelf}})`,
    call: (who) =>
      callAs(who, 'POST', '/api/v1/chat/completions', {
        json: { model: `local@${org.collections[shelf]}`, messages: [{ role: 'user', content: QUESTION }] },
      }),
    status: (who) => (who.reads!.includes(shelf) ? 200 : 404),
    shows: true,
  })),
  {
    name: 'GET /api/v1/models',
    call: (who) => callAs(who, 'GET', '/api/v1/models'),
    checked: collectionsNamed,
    shows: true,
  },
  { name: 'GET /api/conversations', call: (who) => callAs(who, 'GET', '/api/conversations?q=vault') },
  {
    name: 'GET /api/conversations/{id}/stream (resume)',
    call: (who, mine) => callAs(who, 'GET', `/api/conversations/${mine.conversationId}/stream`),
    status: () => 204,
  },
  {
    name: 'GET /api/conversations/{id}',
    call: (who, mine) => callAs(who, 'GET', `/api/conversations/${mine.conversationId}`),
    shows: true,
  },
  {
    name: 'GET /api/conversations/{id}?format=markdown',
    call: (who, mine) => callAs(who, 'GET', `/api/conversations/${mine.conversationId}?format=markdown`),
    shows: true,
  },
  {
    name: 'PATCH /api/conversations/{id}',
    call: (who, mine) =>
      callAs(who, 'PATCH', `/api/conversations/${mine.conversationId}`, { json: { title: 'Codes' } }),
    shows: true,
  },
  {
    name: 'POST /api/conversations/{id}/stop (an ended reply)',
    call: (who, mine) =>
      callAs(who, 'POST', `/api/conversations/${mine.conversationId}/stop`, { json: { messageId: mine.replyId } }),
    shows: true,
  },
  {
    name: "GET another person's conversation (Alice's, citing HR)",
    call: (who) => callAs(who, 'GET', `/api/conversations/${aliceConversation}`),
    // Alice's own key, narrowed to the public collection, reads her conversation with the HR citation restricted.
    status: (who) => (who === org.callers.userCookie || who === org.callers.narrowedKey ? 200 : 404),
    checked: withoutMessageText,
  },
  sourceText('public'),
  sourceText('members'),
  sourceText('hr'),
  mcpTool('search_knowledge', () => ({ query: QUESTION, k: 20 }), 'search_knowledge', true),
  mcpTool('ask', () => ({ question: QUESTION }), 'ask', true),
  ...SHELVES.flatMap((shelf) => [
    mcpTool('get_source', () => ({ sourceId: org.sources[shelf] }), `get_source {${shelf}}`),
    mcpTool('read_source', () => ({ sourceId: org.sources[shelf] }), `read_source {${shelf}}`),
    mcpTool(
      'search_knowledge',
      () => ({ query: QUESTION, sourceId: org.sources[shelf] }),
      `search_knowledge {${shelf}}`,
    ),
  ]),
  { name: 'GET /api/feedback', call: (who) => callAs(who, 'GET', '/api/feedback'), adminOnly: true, shows: true },
  { name: 'GET /api/usage', call: (who) => callAs(who, 'GET', '/api/usage'), adminOnly: true, shows: true },
];

beforeAll(async () => {
  org = await buildOrg();
  const { callers } = org;
  for (const who of Object.values(callers)) {
    if (who.reads === null) {
      prepared.set(who.name, { conversationId: randomUUID(), replyId: randomUUID() });
      continue;
    }
    const conversationId = await conversationOf(who);
    const reply = await ask(who, conversationId);
    expect(reply.status).toBe(200);
    const replyId = /"messageId":"([0-9a-f-]{36})"/.exec(reply.body)![1]!;
    prepared.set(who.name, { conversationId, replyId });
  }
  // A rated reply citing each collection (admin conversations scoped to one each): the feedback
  // list and the usage report then have every source to leak.
  for (const shelf of ['public', 'members', 'hr'] as const) {
    const id = await conversationOf(callers.admin, [org.collections[shelf]]);
    const reply = await ask(callers.admin, id);
    expect(shelvesIn(org, reply.body)).toEqual([shelf]);
    const replyId = /"messageId":"([0-9a-f-]{36})"/.exec(reply.body)![1]!;
    const rated = await callAs(callers.admin, 'PUT', `/api/conversations/${id}/messages/${replyId}/feedback`, {
      json: { rating: 'down', comment: 'too short' },
    });
    expect(rated.status).toBe(200);
  }
  aliceConversation = await conversationOf(callers.userCookie, [org.collections.hr]);
  expect(shelvesIn(org, (await ask(callers.userCookie, aliceConversation)).body)).toEqual(['hr']);
}, 120_000);

const CALLERS = [
  'anonymousOn',
  'anonymousOff',
  'userCookie',
  'userKey',
  'narrowedKey',
  'admin',
  'narrowedAdmin',
] as const satisfies readonly (keyof Org['callers'])[];

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it.each(CALLERS)(
    'as %s: the expected status, and nothing of a source the caller may not read',
    async (callerName) => {
      const who = org.callers[callerName];
      const expected =
        who.reads === null ? 401 : endpoint.adminOnly && !who.admin ? 403 : (endpoint.status?.(who) ?? 200);
      const res = await endpoint.call(who, prepared.get(who.name)!);
      const body = await res.text();
      expect(res.status, body.slice(0, 300)).toBe(expected);
      const seen = shelvesIn(org, endpoint.checked ? endpoint.checked(body) : body);
      expect(seen.filter((shelf) => !who.reads?.includes(shelf))).toEqual([]);
      if (endpoint.shows && expected === 200 && res.status === 200) expect(seen.length).toBeGreaterThan(0);
    },
  );
});
