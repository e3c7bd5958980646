import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { ADMIN_KEY, addFile, addTextSource, ask, expect, removeSources, test } from './support/fixtures';

// Other tools reach the knowledge base through the running build: the official OpenAI client and an
// MCP client (the SDK's own); and a person in the chat reads table answers as tables.

const RUN = Date.now();

test('an MCP client lists the tools, searches, reads and asks, with citations to real passages', async ({
  adminPage: page,
  baseURL,
}) => {
  await removeSources(page, /Lantern archive/);
  const id = await addTextSource(
    page,
    `Lantern archive rules ${RUN}`,
    'Lantern archive rules.\n\nThe Lantern archive lends glass plates for 21 days. Plates return to the vault at night.',
  );
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL), {
      requestInit: { headers: { authorization: `Bearer ${ADMIN_KEY}` } },
    }),
  );
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['ask', 'get_source', 'read_source', 'search_knowledge']);
    const found = await client.callTool({ name: 'search_knowledge', arguments: { query: 'glass plates lend', k: 3 } });
    expect(JSON.stringify(found.structuredContent ?? found.content)).toContain(id);
    const read = await client.callTool({ name: 'read_source', arguments: { sourceId: id } });
    expect(JSON.stringify(read.content)).toContain('lends glass plates for 21 days');
    const answered = await client.callTool({
      name: 'ask',
      arguments: { question: 'How long does the Lantern archive lend glass plates?' },
    });
    const text = JSON.stringify(answered.content);
    expect(text).toContain('21 days');
    expect(text).toMatch(/\[1\]/);
  } finally {
    await client.close();
  }
  // Without a key, nothing.
  const bare = await page.request.post('/api/mcp', {
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    headers: { accept: 'application/json, text/event-stream' },
  });
  expect(bare.status()).toBe(401);
});

test('the official OpenAI client gets a cited answer, streamed and not, and lists the models', async ({
  adminPage: page,
  baseURL,
}) => {
  await removeSources(page, /Tidewater ferry/);
  await addTextSource(
    page,
    `Tidewater ferry notes ${RUN}`,
    'Tidewater ferry notes.\n\nThe Tidewater ferry crosses the sound every 40 minutes. Bicycles ride free.',
  );
  const client = new OpenAI({ baseURL: new URL('/api/v1', baseURL).toString(), apiKey: ADMIN_KEY });
  const models = await client.models.list();
  expect(models.data.map((m) => m.id)).toContain('local');
  const question = 'How often does the Tidewater ferry cross the sound?';
  const whole = await client.chat.completions.create({
    model: 'local',
    messages: [{ role: 'user', content: question }],
  });
  const text = whole.choices[0]!.message.content ?? '';
  expect(text).toContain('every 40 minutes');
  expect(text).toMatch(/\[1\]/);
  const { citations } = whole as unknown as { citations: { n: number; title: string }[] };
  expect(citations[0]).toMatchObject({ n: 1, title: `Tidewater ferry notes ${RUN}` });
  expect(whole.usage?.total_tokens).toBeGreaterThan(0);
  // Streamed, the deltas make the same text.
  const stream = await client.chat.completions.create({
    model: 'local',
    messages: [{ role: 'user', content: question }],
    stream: true,
  });
  let streamed = '';
  for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
  expect(streamed).toBe(text);
  // A parameter that changes meaning is refused in OpenAI's shape.
  await expect(
    client.chat.completions.create({ model: 'local', messages: [{ role: 'user', content: question }], n: 2 }),
  ).rejects.toMatchObject({ status: 400, param: 'n' });
});

test('a question about a row of a price table is answered with a small table, cited in its row', async ({
  adminPage: page,
}) => {
  await removeSources(page, /harbour-plans/);
  const csv = [
    'plan,monthly price per user,storage per user,API calls per day,support',
    'Skiff,$9,10 GB,"1,000",Email',
    'Schooner,$39,200 GB,"100,000","Email, chat and phone (24/5)"',
    `Flagship ${RUN},Contact sales,Unlimited,Custom,24/7 phone`,
  ].join('\n');
  await addFile(page, `harbour-plans-${RUN}.csv`, 'text/csv', csv);
  await page.goto('/');
  const reply = await ask(page, 'How many API calls per day does the Schooner plan allow?');
  const table = reply.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['plan', 'API calls per day']);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('100,000');
  // (its citation opens the passage it came from)
  await expect(row.getByTestId('citation-link')).toHaveCount(1);
  // The built-in model says once what it does, and each reply which model wrote it.
  await expect(reply.getByTestId('quoting-note')).toHaveText(
    'Answers quote your documents. Connect a model for written answers. Models',
  );
  // (for an admin, with a link to where models are connected)
  await expect(reply.getByTestId('quoting-note').getByRole('link', { name: 'Models' })).toHaveAttribute(
    'href',
    '/admin/models',
  );
  await expect(reply.getByTestId('reply-model')).toHaveText('built-in quoting model');
  const second = await ask(page, 'How much storage per user does the Skiff plan have?');
  await expect(second.getByRole('table')).toContainText('10 GB');
  await expect(second.getByTestId('reply-model')).toHaveText('built-in quoting model');
  await expect(page.getByTestId('quoting-note')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/table-answer.png' });
});
