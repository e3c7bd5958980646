import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrg, QUESTION, shelvesIn, type Caller, type Org, type Shelf } from '../access/teams-fixture';
import { callTool, connectMcp } from './mcp-client';

/**
 * What each kind of key reaches through MCP: exactly its collections. A source in a collection the
 * key may not read answers as an unknown id does, and never shows in a search or an answer.
 */

let org: Org;
const clients = new Map<string, Client>();
const keyed = ['userKey', 'narrowedKey', 'admin', 'narrowedAdmin'] as const;
const SHELVES: Shelf[] = ['public', 'members', 'hr'];

beforeAll(async () => {
  org = await buildOrg();
  for (const name of keyed) clients.set(name, await connectMcp(org.callers[name].auth.key));
}, 60_000);

afterAll(async () => {
  for (const client of clients.values()) await client.close();
});

describe.each(keyed.map((name) => [name]))('MCP tools for %s', (name) => {
  let who: Caller;
  let client: Client;
  beforeAll(() => {
    who = org.callers[name];
    client = clients.get(name)!;
  });

  it('search_knowledge finds the passages of the collections it reads, and none other', async () => {
    const { text, isError } = await callTool(client, 'search_knowledge', { query: QUESTION, k: 20 });
    expect(isError).toBe(false);
    expect(shelvesIn(org, text).sort()).toEqual([...who.reads!].sort());
  });

  it('ask answers from what it reads only', async () => {
    const { text, isError } = await callTool(client, 'ask', { question: QUESTION });
    expect(isError).toBe(false);
    expect(shelvesIn(org, text).every((shelf) => who.reads!.includes(shelf))).toBe(true);
    expect(shelvesIn(org, text).length).toBeGreaterThan(0);
  });

  it('get_source, read_source and a search in one source: an unreadable source is "not found", as an unknown one', async () => {
    const unknown = randomUUID();
    const notFound = await callTool(client, 'get_source', { sourceId: unknown });
    expect(notFound).toMatchObject({ isError: true, text: 'No source with that id.' });
    for (const shelf of SHELVES) {
      const sourceId = org.sources[shelf];
      const calls = [
        await callTool(client, 'get_source', { sourceId }),
        await callTool(client, 'read_source', { sourceId }),
        await callTool(client, 'search_knowledge', { query: QUESTION, sourceId }),
      ];
      for (const call of calls) {
        if (who.reads!.includes(shelf)) {
          expect(call.isError).toBe(false);
          expect(shelvesIn(org, call.text)).toEqual([shelf]);
        } else {
          expect({ isError: call.isError, text: call.text }).toEqual({ isError: true, text: notFound.text });
        }
      }
    }
  });
});
