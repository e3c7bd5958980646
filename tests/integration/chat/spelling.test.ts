import { beforeAll, describe, expect, it } from 'vitest';
import { correctSpelling, forgetCorpusStats } from '@/lib/knowledge/index';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { api, bodyOf, newKey } from '../../support/http';
import { addSource, getConversation, newConversation, readReply, send, textOf } from './chat-helpers';

// Questions with a misspelt word: searched for and answered as corrected, the correction said, and
// never a word of a collection the asker cannot read.
let key: string;
let admin: string;
let open: string;
let secret: string;

beforeAll(async () => {
  key = (await newKey('user')).key;
  admin = (await newKey('admin')).key;
  open = await defaultCollectionId();
  await addSource('Expenses policy', [
    'Travel expenses are paid back with your next salary once your manager approves the receipts.',
    'Keep every receipt: expenses without one are not paid back.',
  ]);
  await addSource('Equipment', ['If you lose your laptop, tell the IT desk within a day.']);
  const created = await api('POST', '/api/collections', {
    key: admin,
    json: { name: 'Board minutes', visibility: 'groups' },
  });
  secret = (await bodyOf<{ id: string }>(created)).id;
  const res = await api('POST', '/api/knowledge/sources', {
    key: admin,
    json: { title: 'Merger', text: 'The acquisition of Fabrikam closes in March.', collectionId: secret },
  });
  expect(res.status).toBe(202);
  await drainIngestQueue();
  forgetCorpusStats();
});

describe('correctSpelling', () => {
  it('corrects a word the index lacks to the near word it has, spelt as English spells it', async () => {
    expect(await correctSpelling(['expences', 'paid'], { all: true })).toEqual([
      { word: 'expences', correction: 'expenses' },
    ]);
    expect(await correctSpelling(['loose', 'laptop'], { all: true })).toEqual([{ word: 'loose', correction: 'lose' }]);
    // A real word the index lacks is asked as meant; so are numbers, code names and short words.
    expect(await correctSpelling(['taxes', 'generateText', '2024', 'lapt'], { all: true })).toEqual([]);
  });

  it('never suggests a word only a collection the asker cannot read holds', async () => {
    expect(await correctSpelling(['acquisiton'], { all: true })).toEqual([
      { word: 'acquisiton', correction: 'acquisition' },
    ]);
    expect(await correctSpelling(['acquisiton'], { all: false, collectionIds: [open] })).toEqual([]);
    expect(await correctSpelling(['acquisiton'], { all: false, collectionIds: [secret] })).toEqual([
      { word: 'acquisiton', correction: 'acquisition' },
    ]);
    expect(await correctSpelling(['fabrikan'], { all: false, collectionIds: [open] })).toEqual([]);
    expect(await correctSpelling(['fabrikan'], { all: false, collectionIds: [] })).toEqual([]);
  });
});

describe('a misspelt question', () => {
  it('is answered from the passage about what it means, and POST /api/ask says what was searched for', async () => {
    const res = await api('POST', '/api/ask', { key, json: { question: 'how do i get my expences paid back??' } });
    const body = await bodyOf<{ answer: string; citations: unknown[]; searchedFor?: string }>(res);
    expect(body.answer).toMatch(/paid back .*\[1\]/);
    expect(body.citations).toHaveLength(1);
    expect(body.searchedFor).toBe('how do i get my expenses paid back??');
    const plain = await bodyOf<object>(
      await api('POST', '/api/ask', { key, json: { question: 'how are expenses paid back?' } }),
    );
    expect(plain).not.toHaveProperty('searchedFor');
  });

  it('in a conversation, streams and stores what was searched for with the reply', async () => {
    const conversation = await newConversation(key);
    const { message } = await readReply(await send(key, conversation, { content: 'what if i loose my laptop' }));
    expect(textOf(message)).toMatch(/tell the IT desk within a day \[1\]/);
    const searched = { question: 'what if i lose my laptop', corrections: [{ word: 'loose', correction: 'lose' }] };
    expect(message.parts).toContainEqual(expect.objectContaining({ type: 'data-searched-for', data: searched }));
    const stored = (await getConversation(key, conversation)).messages.at(-1)!;
    expect(stored.parts).toContainEqual(expect.objectContaining({ type: 'data-searched-for', data: searched }));
  });
});
