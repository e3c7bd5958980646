import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf } from '../../support/http';
import { type Standin } from '../../support/openai-standin';
import { withSettings } from '../../support/with-settings';
import { getConversation, newConversation, readReply, send, settledReply, textOf } from '../chat/chat-helpers';
import { addConnection, captureLogs, withModelsFixture } from './models-helpers';

const KEY = 'sk-standin-Chat-Secret-Key-0002';
const REPLY = 'Written by the connected stand-in model.';
let standin: Standin;
let admin: string;
let user: string;
const logs = captureLogs();

withModelsFixture({ reply: REPLY, models: ['writer-1'] }, (f) => ({ standin, admin, user } = f));

async function chooseStandin(wireApi: 'chat' | 'responses' = 'chat') {
  const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY, wireApi });
  const res = await api('PUT', '/api/models/default', { key: admin, json: { chatModel: `${id}:writer-1` } });
  expect(res.status).toBe(200);
  expect(await bodyOf(res)).toMatchObject({ defaultChatModel: `${id}:writer-1`, readOnly: false });
  return `${id}:writer-1`;
}

describe('the default chat model', () => {
  it('lists local and the models of enabled connections; a disabled one offers none', async () => {
    const on = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY, enabled: false });
    const body = await bodyOf<{ data: { id: string }[] }>(await api('GET', '/api/models', { key: admin }));
    expect(body).toMatchObject({ defaultChatModel: 'local', readOnly: false, unavailable: [] });
    expect(body.data.map((m) => m.id)).toEqual(['local', `${on.id}:writer-1`]);

    // A server that is down costs its own models, not the list.
    standin.options = { status: 503 };
    const down = await bodyOf(await api('GET', '/api/models', { key: admin }));
    expect(down).toMatchObject({
      data: [{ id: 'local' }],
      unavailable: [{ connectionId: on.id, detail: expect.stringMatching(/answered GET \/models with 503/) }],
    });
  });

  it.each(['chat', 'responses'] as const)(
    'answers with the chosen model (%s) from the next reply on, no restart, and records its id',
    async (wireApi) => {
      const id = await newConversation(user);
      const before = await readReply(await send(user, id, { content: 'Who writes this?' }));
      expect(before.message.metadata?.model).toBe('local:extractive');
      expect(standin.requests).toEqual([]);

      const chosen = await chooseStandin(wireApi);
      const { message } = await readReply(await send(user, id, { content: 'And now?' }));
      expect(textOf(message)).toBe(REPLY);
      expect(message.metadata?.model).toBe(chosen);
      const last = standin.requests.at(-1)!;
      expect(last.path).toBe(wireApi === 'chat' ? '/v1/chat/completions' : '/v1/responses');
      expect(last.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(last.body).toMatchObject({ model: 'writer-1', stream: true });
      const row = await (await prisma()).message.findUniqueOrThrow({ where: { id: message.id } });
      expect(row.model).toBe(chosen);

      // Back to local, at once.
      expect((await api('PUT', '/api/models/default', { key: admin, json: { chatModel: 'local' } })).status).toBe(200);
      const after = await readReply(await send(user, id, { content: 'And after?' }));
      expect(after.message.metadata?.model).toBe('local:extractive');
    },
  );

  it('falls back to local once the chosen model’s connection is disabled or deleted', async () => {
    const chosen = await chooseStandin();
    const connectionId = chosen.slice(0, 36);
    const id = await newConversation(user);
    expect((await readReply(await send(user, id, { content: 'first' }))).message.metadata?.model).toBe(chosen);
    await api('PATCH', `/api/models/connections/${connectionId}`, { key: admin, json: { enabled: false } });
    expect((await readReply(await send(user, id, { content: 'second' }))).message.metadata?.model).toBe(
      'local:extractive',
    );
    await api('PATCH', `/api/models/connections/${connectionId}`, { key: admin, json: { enabled: true } });
    expect((await readReply(await send(user, id, { content: 'third' }))).message.metadata?.model).toBe(chosen);
    await api('DELETE', `/api/models/connections/${connectionId}`, { key: admin });
    expect((await readReply(await send(user, id, { content: 'fourth' }))).message.metadata?.model).toBe(
      'local:extractive',
    );
  });

  it('refuses a model no enabled connection lists (422)', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const res = await api('PUT', '/api/models/default', { key: admin, json: { chatModel: `${id}:not-there` } });
    expect(res.status).toBe(422);
    expect((await api('PUT', '/api/models/default', { key: admin, json: { chatModel: 'gpt-4' } })).status).toBe(422);
  });

  it('is read-only while CHAT_MODEL is set in the environment (409), which lists it as such', async () => {
    await withSettings({ CHAT_MODEL: 'openai:env-model', OPENAI_BASE_URL: standin.baseUrl }, async () => {
      const list = await bodyOf(await api('GET', '/api/models', { key: admin }));
      expect(list).toMatchObject({ defaultChatModel: 'openai:env-model', readOnly: true });
      expect(list.data).toContainEqual({
        id: 'openai:env-model',
        name: 'openai:env-model',
        connectionId: null,
        readOnly: true,
        default: true,
      });
      const res = await api('PUT', '/api/models/default', { key: admin, json: { chatModel: 'local' } });
      expect(res.status).toBe(409);
      expect((await bodyOf(res)).detail).toMatch(/CHAT_MODEL is set in the environment/);
    });
  });
});

describe('a connected model failing mid-reply', () => {
  it('ends the reply with an error when the connection drops mid-stream; the key is in no reply or log', async () => {
    await chooseStandin();
    standin.options = { reply: 'one two three four five six', models: ['writer-1'], dieAfterDeltas: 2 };
    const id = await newConversation(user);
    const res = await send(user, id, { content: 'break please' });
    const { chunks, message } = await readReply(res);
    expect(chunks.some((c) => c.type === 'error')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { status: 'failed' } });
    expect(textOf(message)).toBe('one two ');
    expect((await settledReply(res.headers.get('x-message-id')!)).status).toBe('failed');
    expect(JSON.stringify(chunks)).not.toContain(KEY);
    expect(JSON.stringify(await getConversation(user, id))).not.toContain(KEY);
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('fails the reply with a clear error when the connection answers 401, its key in no log line though the server echoed it', async () => {
    await chooseStandin();
    standin.options = { status: 401 };
    await withSettings({ LOG_LEVEL: 'debug' }, async () => {
      const id = await newConversation(user);
      const { chunks, message } = await readReply(await send(user, id, { content: 'who are you?' }));
      expect(chunks).toContainEqual({ type: 'error', errorText: expect.stringMatching(/model/i) });
      expect(message.metadata?.status).toBe('failed');
      expect(JSON.stringify(chunks)).not.toContain(KEY);
    });
    expect(logs.join('')).toContain('chat model failed mid-reply');
    expect(logs.join('')).toContain('[redacted]');
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('ends the reply after CHAT_STALL_TIMEOUT_MS when the connection goes silent, never hanging', async () => {
    await chooseStandin();
    standin.options = { reply: 'one two three', models: ['writer-1'], stallAfterDeltas: 1 };
    await withSettings({ CHAT_STALL_TIMEOUT_MS: 400 }, async () => {
      const id = await newConversation(user);
      const started = Date.now();
      const { chunks, message } = await readReply(await send(user, id, { content: 'hang please' }));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(chunks).toContainEqual({
        type: 'error',
        errorText: 'The model stopped answering; the reply is incomplete.',
      });
      expect(textOf(message)).toBe('one ');
    });
  });
});
