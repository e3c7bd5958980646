import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { buildOrg, QUESTION, shelvesIn, type Org } from '../access/teams-fixture';
import { citationsOf, openaiClient } from './openai-client';

let org: Org;
beforeAll(async () => {
  org = await buildOrg();
}, 60_000);

const keyOf = (who: keyof Org['callers']) => org.callers[who].auth.key!;
const question = [{ role: 'user' as const, content: QUESTION }];

describe('GET /api/v1/models', () => {
  it('lists the chat model and one model per collection the key may read, and none it may not', async () => {
    const models = await openaiClient(keyOf('userKey')).models.list();
    const ids = models.data.map((m) => m.id);
    expect(ids[0]).toBe('local');
    expect(models.data[0]).toMatchObject({ object: 'model', owned_by: 'groundwork', created: expect.any(Number) });
    expect(ids).toContain(`local@${org.collections.public}`);
    expect(ids).toContain(`local@${org.collections.members}`);
    expect(ids).not.toContain(`local@${org.collections.hr}`);
    expect(JSON.stringify(models.data)).not.toContain(org.collections.hr);
    const members = models.data.find((m) => m.id === `local@${org.collections.members}`);
    expect(members).toMatchObject({ collection: { id: org.collections.members, name: `members ${org.tag}` } });

    // A key narrowed to one collection lists that one alone (with the chat model).
    const narrowed = (await openaiClient(keyOf('narrowedKey')).models.list()).data.map((m) => m.id);
    expect(narrowed).toEqual(['local', `local@${org.collections.public}`]);
  });
});

describe('a collection model', () => {
  it('answers from that collection alone: a passage of another is never cited', async () => {
    const client = openaiClient(keyOf('admin'));
    for (const shelf of ['public', 'members', 'hr'] as const) {
      const model = `local@${org.collections[shelf]}`;
      const completion = await client.chat.completions.create({ model, messages: question });
      expect(completion.model).toBe(model);
      const body = JSON.stringify(completion);
      expect(shelvesIn(org, body)).toEqual([shelf]);
      expect(citationsOf(completion)!.map((c) => c.sourceId)).toEqual([org.sources[shelf]]);
      const streamed: string[] = [];
      const stream = await client.chat.completions.create({ model, messages: question, stream: true });
      for await (const chunk of stream) streamed.push(JSON.stringify(chunk));
      expect(shelvesIn(org, streamed.join('\n'))).toEqual([shelf]);
    }
  });

  it('is 404 model_not_found for a collection the key may not read, as for one that does not exist', async () => {
    const client = openaiClient(keyOf('userKey'));
    const refusal = async (model: string) => {
      const error = await client.chat.completions.create({ model, messages: question }).catch((e: unknown) => e);
      expect(error, model).toBeInstanceOf(OpenAI.NotFoundError);
      const { status, code, param } = error as InstanceType<typeof OpenAI.NotFoundError>;
      return { status, code, param };
    };
    const unreadable = await refusal(`local@${org.collections.hr}`);
    expect(unreadable).toEqual({ status: 404, code: 'model_not_found', param: 'model' });
    expect(await refusal(`local@${randomUUID()}`)).toEqual(unreadable);
    expect(await refusal(`local@${org.collections.hr.toUpperCase()}`)).toEqual(unreadable);
    // An admin reads every collection, but not one that does not exist.
    const none = await openaiClient(keyOf('admin'))
      .chat.completions.create({ model: `local@${randomUUID()}`, messages: question })
      .catch((e: unknown) => e);
    expect(none).toBeInstanceOf(OpenAI.NotFoundError);
    // The same name works for a key that reads it.
    const hr = await openaiClient(keyOf('admin')).chat.completions.create({
      model: `local@${org.collections.hr.toUpperCase()}`,
      messages: question,
    });
    expect(shelvesIn(org, JSON.stringify(hr))).toEqual(['hr']);
  });

  it('stored, the conversation keeps the collection as its scope', async () => {
    const model = `local@${org.collections.members}`;
    const { response } = await openaiClient(keyOf('userKey'), { 'X-Groundwork-Store': 'true' })
      .chat.completions.create({ model, messages: question })
      .withResponse();
    const id = response.headers.get('x-groundwork-conversation-id')!;
    const stored = await (await prisma()).conversation.findUniqueOrThrow({ where: { id } });
    expect(stored.collectionIds).toEqual([org.collections.members]);
  });
});
