import { beforeAll, describe, expect, it } from 'vitest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { addSource, newConversation, readReply, send, textOf } from './chat-helpers';

// The local model and questions about what the knowledge base has never mentioned: it says nothing
// was found and cites nothing, rather than answer with a sentence that only shares a word.
let key: string;
let admin: string;
let greenhouse: string;

beforeAll(async () => {
  key = (await newKey('user')).key;
  admin = (await newKey('admin')).key;
  await addSource('Shop help', [
    'You can request a refund within 30 days of delivery. The refund goes back to the card you paid with.',
    'Our return policy covers unopened items only.',
  ]);
  greenhouse = await addSource('Greenhouse rules', [
    'The greenhouse opens at seven in the morning and closes at dusk.',
    'Tomatoes are watered every second day; seedlings every morning.',
    'The greenhouse policy is simple: gloves on, doors shut.',
  ]);
});

async function reply(content: string) {
  const { message } = await readReply(await send(key, await newConversation(key), { content }));
  return { text: textOf(message), cited: message.parts.filter((p) => p.type === 'data-citation').length };
}

describe('a question about what the knowledge base never mentions', () => {
  it('gets "nothing found" and no citation, though a passage shares one of its words', async () => {
    // "policy" is in the shop's help; "cancellation" and "subscriptions" are in no source.
    expect(await reply('What is the cancellation policy for subscriptions?')).toEqual({
      text: expect.stringMatching(/^I could not find anything/),
      cited: 0,
    });
    expect(await reply('How do I configure Kubernetes ingress?')).toEqual({
      text: expect.stringMatching(/^I could not find anything/),
      cited: 0,
    });
  });

  it('is answered when its other words are everyday ones the sources do not use', async () => {
    // "long" and "ask" are in no source; they say little of what is asked, "refund" does.
    expect(await reply('How long do I have to ask for a refund?')).toEqual({
      text: expect.stringMatching(/within 30 days of delivery \[1\]/),
      cited: 1,
    });
  });

  it('is answered when a word is misspelt', async () => {
    expect(await reply('When does the grenhouse open?')).toEqual({
      text: expect.stringMatching(/seven in the morning and closes at dusk \[1\]/),
      cited: 1,
    });
  });

  it('goes by the sources there are now: a deleted source no longer counts', async () => {
    expect(await reply('What is the greenhouse policy?')).toMatchObject({
      text: expect.stringMatching(/gloves on, doors shut/),
    });
    expect((await api('DELETE', `/api/knowledge/sources/${greenhouse}`, { key: admin })).status).toBe(204);
    await drainIngestQueue();
    // The shop's return policy is still there, and says nothing of a greenhouse.
    expect(await reply('What is the greenhouse policy?')).toEqual({
      text: expect.stringMatching(/^I could not find anything/),
      cited: 0,
    });
  });

  it('gets "nothing found" from POST /api/ask too', async () => {
    const res = await api('POST', '/api/ask', { key, json: { question: 'What is the warranty policy?' } });
    expect(await bodyOf(res)).toEqual({ answer: expect.stringMatching(/^I could not find anything/), citations: [] });
  });
});
