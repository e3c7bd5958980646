import { describe, expect, it } from 'vitest';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { prisma } from '@/lib/db';
import { api, bodyOf } from '../../support/http';
import { type Standin } from '../../support/openai-standin';
import { withSettings } from '../../support/with-settings';
import { getConversation, newConversation, readReply, send, textOf } from '../chat/chat-helpers';
import { openaiClient } from '../openai/openai-client';
import { addConnection, withModelsFixture } from './models-helpers';

const KEY = 'sk-standin-Allowed-Secret-Key-03';
const REPLY = 'Written by the model the message asked for.';
const LOCAL = { id: 'local', name: 'local (quotes your documents)', default: true };
let standin: Standin;
let admin: string;
let user: string;

withModelsFixture({ reply: REPLY, models: ['writer-1', 'writer-2'] }, (f) => ({ standin, admin, user } = f));

const allowed = async (auth: { key?: string; cookie?: string } = { key: user }) =>
  (
    await bodyOf<{ data: { id: string; name: string; default: boolean }[] }>(
      await api('GET', '/api/models/allowed', auth),
    )
  ).data;

async function allow(ids: string[]) {
  const res = await api('PUT', '/api/models/allowed', { key: admin, json: { ids } });
  expect(res.status).toBe(200);
  return (await bodyOf<{ data: { id: string }[] }>(res)).data;
}

describe('GET and PUT /api/models/allowed', () => {
  it('lists local alone at first, to anyone who may chat; only admins change it', async () => {
    const cookie = `gw_visitor=${(await newVisitorCookie(false)).value}`;
    await withSettings({ ANONYMOUS_ACCESS: 'on' }, async () => {
      expect(await allowed({ cookie })).toEqual([LOCAL]);
      const put = await api('PUT', '/api/models/allowed', {
        cookie,
        json: { ids: [] },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(put.status).toBe(403);
    });
    expect(await allowed({ key: user })).toEqual([LOCAL]);
    expect(await allowed({ key: admin })).toEqual([LOCAL]);
    expect((await api('GET', '/api/models/allowed')).status).toBe(401);
    const put = await api('PUT', '/api/models/allowed', { key: user, json: { ids: [] } });
    expect(put.status).toBe(403);
    expect(put.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('stores the models an admin allows, and always lists the default with them', async () => {
    const { id } = await addConnection(admin, { name: 'Writers', baseUrl: standin.baseUrl, apiKey: KEY });
    expect(await allow([`${id}:writer-2`])).toEqual([
      LOCAL,
      { id: `${id}:writer-2`, name: 'Writers / writer-2', default: false },
    ]);
    expect(
      (await api('PUT', '/api/models/default', { key: admin, json: { chatModel: `${id}:writer-1` } })).status,
    ).toBe(200);
    expect(await allowed()).toEqual([
      { ...LOCAL, default: false },
      { id: `${id}:writer-1`, name: 'Writers / writer-1', default: true },
      { id: `${id}:writer-2`, name: 'Writers / writer-2', default: false },
    ]);
  });

  it('refuses ids no enabled connection offers (422), keeping what was stored', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const off = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY, enabled: false });
    await allow([`${id}:writer-1`]);
    for (const ids of [[`${id}:not-there`], ['gpt-4'], [`${off.id}:writer-1`], [`${crypto.randomUUID()}:writer-1`]]) {
      const res = await api('PUT', '/api/models/allowed', { key: admin, json: { ids: [`${id}:writer-2`, ...ids] } });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    expect((await allowed()).map((m) => m.id)).toEqual(['local', `${id}:writer-1`]);
  });

  it('drops a model whose connection is disabled or deleted', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    await allow([`${id}:writer-1`]);
    await api('PATCH', `/api/models/connections/${id}`, { key: admin, json: { enabled: false } });
    expect(await allowed()).toEqual([LOCAL]);
    await api('PATCH', `/api/models/connections/${id}`, { key: admin, json: { enabled: true } });
    expect((await allowed()).map((m) => m.id)).toEqual(['local', `${id}:writer-1`]);
    expect((await api('DELETE', `/api/models/connections/${id}`, { key: admin })).status).toBe(204);
    expect(await allowed()).toEqual([LOCAL]);
    const conversation = await newConversation(user);
    expect((await send(user, conversation, { content: 'Hi', model: `${id}:writer-1` })).status).toBe(422);
  });
});

describe('a message naming its model', () => {
  it('is answered by the allowed model it names, which the reply records; others keep the default', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    await allow([`${id}:writer-2`]);
    const conversation = await newConversation(user);
    const { message } = await readReply(await send(user, conversation, { content: 'Who?', model: `${id}:writer-2` }));
    expect(textOf(message)).toBe(REPLY);
    expect(message.metadata?.model).toBe(`${id}:writer-2`);
    expect(standin.requests.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      headers: { authorization: `Bearer ${KEY}` },
      body: { model: 'writer-2', stream: true },
    });
    const row = await (await prisma()).message.findUniqueOrThrow({ where: { id: message.id } });
    expect(row.model).toBe(`${id}:writer-2`);

    const plain = await readReply(await send(user, conversation, { content: 'And by default?' }));
    expect(plain.message.metadata?.model).toBe('local:extractive');
    const local = await readReply(await send(user, conversation, { content: 'Local, please', model: 'local' }));
    expect(local.message.metadata?.model).toBe('local:extractive');

    // A regenerate (useChat's request) names its model too.
    const asked = standin.requests.length;
    const again = await readReply(
      await send(user, conversation, {
        message: { role: 'user', parts: [{ type: 'text', text: 'Local, please' }] },
        trigger: 'regenerate-message',
        model: `${id}:writer-2`,
      }),
    );
    expect(again.message.metadata?.model).toBe(`${id}:writer-2`);
    expect(standin.requests.length).toBe(asked + 1);
  });

  it('refuses a model that is not allowed (422 naming the list), storing nothing and asking no server', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    await allow([`${id}:writer-2`]);
    const conversation = await newConversation(user);
    for (const model of [`${id}:writer-1`, 'openai:gpt-4.1', 'nonsense']) {
      const res = await send(user, conversation, { content: 'Who?', model });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect((await bodyOf(res)).detail).toContain('GET /api/models/allowed');
    }
    expect(standin.requests.filter((r) => r.path !== '/v1/models')).toEqual([]);
    expect((await getConversation(user, conversation)).messages).toEqual([]);
  });

  it('is listed by GET /api/v1/models and answers an OpenAI client that names it, alone or @ a collection', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const client = openaiClient(user);
    const named = `${id}:writer-2`;
    const ids = async () => (await client.models.list()).data.map((m) => m.id);
    expect(await ids()).not.toContain(named);
    await expect(
      client.chat.completions.create({ model: named, messages: [{ role: 'user', content: 'Who?' }] }),
    ).rejects.toMatchObject({ status: 404, code: 'model_not_found' });

    await allow([named]);
    expect((await ids()).slice(0, 2)).toEqual(['local', named]);
    const completion = await client.chat.completions.create({
      model: named,
      messages: [{ role: 'user', content: 'Who?' }],
    });
    expect(completion.choices[0]!.message.content).toBe(REPLY);
    expect(completion.model).toBe(named);
    expect(standin.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', body: { model: 'writer-2' } });

    const collection = (await (await prisma()).collection.findFirstOrThrow({ orderBy: { createdAt: 'asc' } })).id;
    const asked = standin.requests.length;
    const scoped = await client.chat.completions.create({
      model: `${named}@${collection}`,
      messages: [{ role: 'user', content: 'Who?' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of scoped) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(REPLY);
    expect(standin.requests.length).toBe(asked + 1);
  });

  it('may name only the environment’s model while CHAT_MODEL is set', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    await allow([`${id}:writer-2`]);
    await withSettings({ CHAT_MODEL: 'openai:env-model', OPENAI_BASE_URL: standin.baseUrl }, async () => {
      expect(await allowed()).toEqual([{ id: 'openai:env-model', name: 'openai:env-model', default: true }]);
      const conversation = await newConversation(user);
      for (const model of ['local', `${id}:writer-2`]) {
        const res = await send(user, conversation, { content: 'Who?', model });
        expect(res.status).toBe(422);
        expect((await bodyOf(res)).detail).toMatch(/CHAT_MODEL is set in the environment.*openai:env-model/);
      }
      const { message } = await readReply(
        await send(user, conversation, { content: 'Who?', model: 'openai:env-model' }),
      );
      expect(message.metadata?.model).toBe('openai:env-model');
      expect(standin.requests.at(-1)?.body).toMatchObject({ model: 'env-model' });
      expect((await api('PUT', '/api/models/allowed', { key: admin, json: { ids: [] } })).status).toBe(409);
    });
  });
});
