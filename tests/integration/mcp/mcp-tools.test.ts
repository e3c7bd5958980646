import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, newKey } from '../../support/http';
import { addSource } from '../chat/chat-helpers';
import { seedSource } from '../knowledge/seed-chunks';
import { callTool, connectMcp } from './mcp-client';

/** The MCP server through the SDK's own client, against the real route handler and an ingested source. */

let tag: string;
let sourceId: string;
let fullText: string;
let client: Client;

interface Hit {
  chunkId: string;
  sourceId: string;
  title: string;
  text: string;
  location: { start: number; end: number; headings?: string[] };
}

beforeAll(async () => {
  tag = randomUUID().slice(0, 8);
  sourceId = await addSource(`Kettle ${tag} manual`, [
    `# Kettle ${tag} manual`,
    `Descale the kettle ${tag} every four weeks with a solution of citric acid. Fill it to the maximum line, boil it, and leave it for an hour.`,
    '## Warranty',
    `The kettle ${tag} warranty lasts 24 months from the date of purchase. Keep the receipt in a safe place.`,
    '## Safety',
    `Never immerse the kettle ${tag} base in water. Unplug it before cleaning, and let it cool first.`,
  ]);
  const { key } = await newKey('user');
  fullText = await (await api('GET', `/api/knowledge/sources/${sourceId}/text`, { key })).text();
  client = await connectMcp(key);
});

afterAll(async () => {
  await client?.close();
});

const chunkIdsOf = async (id: string) =>
  (await (await prisma()).chunk.findMany({ where: { sourceId: id }, select: { id: true } })).map((c) => c.id);

describe('MCP tools', () => {
  it('lists the four tools, each with a description and an input schema an agent can fill in', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['ask', 'get_source', 'read_source', 'search_knowledge']);
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(80);
    const search = byName.search_knowledge!.inputSchema;
    expect(search.required).toEqual(['query']);
    expect(search.properties).toMatchObject({
      query: { type: 'string', maxLength: 2000 },
      k: { type: 'integer', minimum: 1, maximum: 100, default: 8 },
      sourceId: { type: 'string', format: 'uuid' },
    });
    expect(byName.get_source!.inputSchema.required).toEqual(['sourceId']);
    expect(byName.read_source!.inputSchema).toMatchObject({
      required: ['sourceId'],
      properties: {
        offset: { type: 'integer', minimum: 0, default: 0 },
        length: { type: 'integer', minimum: 1, maximum: 50_000, default: 10_000 },
      },
    });
    expect(byName.ask!.inputSchema.required).toEqual(['question']);
  });

  it('search_knowledge finds the passage, with its chunk id, source id, title and location', async () => {
    const { value, isError } = await callTool<{ results: Hit[] }>(client, 'search_knowledge', {
      query: `How long is the kettle ${tag} warranty?`,
      k: 3,
    });
    expect(isError).toBe(false);
    const [top] = value.results;
    expect(value.results.length).toBeLessThanOrEqual(3);
    expect(top).toMatchObject({ sourceId, title: `Kettle ${tag} manual` });
    expect(top!.text).toContain('warranty lasts 24 months');
    expect(top!.location.headings).toContain('Warranty');
    expect(await chunkIdsOf(sourceId)).toContain(top!.chunkId);
    // The location indexes the text read_source and GET …/text give.
    expect(fullText.slice(top!.location.start, top!.location.end)).toBe(top!.text);
  });

  it('search_knowledge keeps to one source with sourceId, and an unknown source is "not found"', async () => {
    const other = await addSource(`Toaster ${tag} notes`, [`The toaster ${tag} warranty lasts 12 months.`]);
    const { value } = await callTool<{ results: Hit[] }>(client, 'search_knowledge', {
      query: `${tag} warranty`,
      sourceId: other,
    });
    expect(value.results.length).toBeGreaterThan(0);
    expect(new Set(value.results.map((h) => h.sourceId))).toEqual(new Set([other]));
    const unknown = await callTool(client, 'search_knowledge', { query: 'warranty', sourceId: randomUUID() });
    expect(unknown).toMatchObject({ isError: true, text: 'No source with that id.' });
  });

  it('get_source gives the metadata: title, kind, status, chunk count, collection and dates', async () => {
    const { value, isError } = await callTool(client, 'get_source', { sourceId });
    expect(isError).toBe(false);
    const row = await (await prisma()).source.findUniqueOrThrow({ where: { id: sourceId } });
    expect(value).toMatchObject({
      id: sourceId,
      title: `Kettle ${tag} manual`,
      kind: 'text',
      status: 'ready',
      chunkCount: row.chunkCount,
      collectionId: row.collectionId,
      collection: { id: row.collectionId, name: expect.any(String) },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    expect(row.chunkCount).toBeGreaterThan(0);
  });

  it('read_source gives the text as ingested, paged by offset and length to its end', async () => {
    const whole = await callTool<{ text: string; totalLength: number; nextOffset: number | null; offset: number }>(
      client,
      'read_source',
      { sourceId },
    );
    expect(whole.value).toMatchObject({
      sourceId,
      text: fullText,
      offset: 0,
      totalLength: fullText.length,
      nextOffset: null,
    });
    expect(fullText).toContain(`Never immerse the kettle ${tag} base in water.`);

    let offset: number | null = 0;
    const pages: string[] = [];
    while (offset !== null) {
      const { value }: { value: { text: string; nextOffset: number | null; totalLength: number } } = await callTool(
        client,
        'read_source',
        { sourceId, offset, length: 40 },
      );
      expect(value.text.length).toBeLessThanOrEqual(40);
      expect(value.totalLength).toBe(fullText.length);
      pages.push(value.text);
      offset = value.nextOffset;
    }
    expect(pages.length).toBe(Math.ceil(fullText.length / 40));
    expect(pages.join('')).toBe(fullText);

    const start = fullText.indexOf('The kettle');
    const { value: fromHit } = await callTool<{ text: string }>(client, 'read_source', {
      sourceId,
      offset: start,
      length: 30,
    });
    expect(fromHit.text).toBe(fullText.slice(start, start + 30));
    const { value: past } = await callTool(client, 'read_source', { sourceId, offset: fullText.length + 10 });
    expect(past).toMatchObject({ text: '', nextOffset: null, totalLength: fullText.length });
  });

  it('read_source says when a source has no text yet, and get_source shows its status', async () => {
    const pending = await seedSource({
      title: `Kiln ${tag} notes`,
      texts: ['Fire slowly.'],
      live: false,
      status: 'processing',
    });
    const read = await callTool(client, 'read_source', { sourceId: pending });
    expect(read).toMatchObject({ isError: true, text: expect.stringMatching(/still being ingested/) });
    expect((await callTool(client, 'get_source', { sourceId: pending })).value).toMatchObject({ status: 'processing' });
  });

  it('ask answers from the source with [n] markers and citations of its real chunks', async () => {
    const { value, isError } = await callTool<{
      answer: string;
      citations: Array<{ n: number; sourceId: string; chunkId: string; title: string; snippet: string }>;
    }>(client, 'ask', { question: `How often should I descale the kettle ${tag}?` });
    expect(isError).toBe(false);
    expect(value.answer).toMatch(/every four weeks[^[]*\[1\]/);
    expect(value.citations[0]).toMatchObject({ n: 1, sourceId, title: `Kettle ${tag} manual` });
    expect(value.citations[0]!.snippet).toContain('Descale');
    const chunks = await chunkIdsOf(sourceId);
    for (const citation of value.citations) expect(chunks).toContain(citation.chunkId);
  });
});
