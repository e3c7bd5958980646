import { describe, expect, it } from 'vitest';
import type { ChatUIMessage } from '@/lib/conversations/chat-message';
import { api, bodyOf, newKey } from '../../support/http';
import type { Standin } from '../../support/openai-standin';
import { getConversation, newConversation, readReply, send, textOf, withStandinChatModel } from './chat-helpers';

let standin: Standin;
let key: string;
withStandinChatModel((s, k) => {
  standin = s;
  key = k;
  // Each reply names the question it answers, so every branch reads differently.
  standin.options = {
    reply: (body) => `Answer to "${lastUserText(body as Record<string, unknown>)}" #${standin.requests.length}`,
  };
});

type Turn = { role: string; content: unknown };
const turnsOf = (body: Record<string, unknown>) =>
  ((body.messages ?? body.input) as Turn[]).filter((m) => m.role === 'user' || m.role === 'assistant');
const contentText = (content: unknown): string =>
  typeof content === 'string' ? content : (content as Array<{ text?: string }>).map((p) => p.text ?? '').join('');
function lastUserText(body: Record<string, unknown>): string {
  return contentText(
    turnsOf(body)
      .filter((m) => m.role === 'user')
      .at(-1)?.content ?? '',
  );
}
/** What the model was shown of the conversation in the last call: role and text of each turn. */
const lastHistory = () => turnsOf(standin.requests.at(-1)!.body).map((m) => `${m.role}: ${contentText(m.content)}`);

const ask = async (id: string, json: Record<string, unknown>) => (await readReply(await send(key, id, json))).message;
const onShow = async (id: string) => (await getConversation(key, id)).messages.map((m) => `${m.role}: ${textOf(m)}`);
const patch = (id: string, json: unknown, as = key) => api('PATCH', `/api/conversations/${id}`, { key: as, json });

/** A conversation of three turns: Q1 A1, Q2 A2, Q3 A3. Returns the stored messages. */
async function threeTurns(): Promise<{ id: string; messages: ChatUIMessage[] }> {
  const id = await newConversation(key);
  for (const q of ['Q1', 'Q2', 'Q3']) await ask(id, { content: q });
  return { id, messages: (await getConversation(key, id)).messages as ChatUIMessage[] };
}

describe('branches: editing an earlier question, regenerating a reply', () => {
  it('edits an earlier question: the conversation goes on from the new version, and the model never sees the other branch', async () => {
    const { id, messages } = await threeTurns();
    const q2 = messages[2]!;
    const reply = await ask(id, { content: 'Q2 edited', edit: q2.id });
    expect(textOf(reply)).toMatch(/^Answer to "Q2 edited"/);
    // The model saw the first turn only, then the new question: nothing of Q2, A2, Q3 or A3.
    expect(lastHistory()).toEqual([`user: Q1`, `assistant: ${textOf(messages[1]!)}`, 'user: Q2 edited']);

    const stored = await getConversation(key, id);
    expect(stored.messages.map((m) => textOf(m))).toEqual(['Q1', textOf(messages[1]!), 'Q2 edited', textOf(reply)]);
    // The new question lists both versions, oldest first; messages with one version list none.
    expect(stored.messages[2]!.metadata).toMatchObject({ versions: [q2.id, stored.messages[2]!.id] });
    expect(stored.messages.filter((m) => m.metadata?.versions)).toHaveLength(1);

    // The next question follows the edited branch.
    await ask(id, { content: 'Q4' });
    expect(lastHistory()).toEqual([
      'user: Q1',
      `assistant: ${textOf(messages[1]!)}`,
      'user: Q2 edited',
      `assistant: ${textOf(reply)}`,
      'user: Q4',
    ]);
  });

  it('shows the old branch again, with all that followed it, and goes on from there (PATCH messageId)', async () => {
    const { id, messages } = await threeTurns();
    const before = await onShow(id);
    await ask(id, { content: 'Q2 edited', edit: messages[2]!.id });

    const res = await patch(id, { messageId: messages[2]!.id });
    expect(res.status).toBe(200);
    const shown = await bodyOf<{ messages: ChatUIMessage[]; title: string }>(res);
    expect(shown.messages.map((m) => `${m.role}: ${textOf(m)}`)).toEqual(before);
    expect(await onShow(id)).toEqual(before); // it stays shown
    expect(shown.title).toBe('Q1');

    await ask(id, { content: 'Q4' });
    expect(lastHistory()).toEqual([...before, 'user: Q4']);
    // And back to the edited version: its branch, ending in its reply.
    const edited = shown.messages[2]!.metadata!.versions!.at(-1)!;
    const back = await bodyOf<{ messages: ChatUIMessage[] }>(await patch(id, { messageId: edited }));
    expect(back.messages.map((m) => textOf(m)).slice(2, 3)).toEqual(['Q2 edited']);
    expect(back.messages).toHaveLength(4);
  });

  it('switching back to a version shows the branch below it that was on show last, not the newest', async () => {
    const { id, messages } = await threeTurns(); // Q1 A1 Q2 A2 Q3 A3
    const [q1, , , a2] = messages;
    // A2 is written again (A2'), then the first version is shown again, with Q3 and A3 after it.
    await ask(id, {
      trigger: 'regenerate-message',
      messageId: a2!.id,
      message: { role: 'user', parts: [{ type: 'text', text: 'unused' }] },
    });
    await patch(id, { messageId: a2!.id });
    const seen = await onShow(id);
    expect(seen.slice(-2)).toEqual(['user: Q3', expect.stringMatching(/^assistant: Answer to "Q3"/)]);
    // Q1 is edited, which shows the new branch; back to Q1, the branch seen last comes back
    // (through A2, Q3 and A3), though A2' is newer.
    await ask(id, { content: 'Q1 edited', edit: q1!.id });
    expect((await onShow(id))[0]).toBe('user: Q1 edited');
    const back = await bodyOf<{ messages: ChatUIMessage[] }>(await patch(id, { messageId: q1!.id }));
    expect(back.messages.map((m) => `${m.role}: ${textOf(m)}`)).toEqual(seen);
    expect(await onShow(id)).toEqual(seen);
    // And A2' is still a click away, its own branch ending in it.
    const regenerated = back.messages[3]!.metadata!.versions!.at(-1)!;
    const other = await bodyOf<{ messages: ChatUIMessage[] }>(await patch(id, { messageId: regenerated }));
    expect(other.messages.map((m) => m.id).at(-1)).toBe(regenerated);
    expect(other.messages).toHaveLength(4);
  });

  it('keeps a regenerated reply as another version of it', async () => {
    const id = await newConversation(key);
    const first = await ask(id, { content: 'Q1' });
    const again = await ask(id, {
      trigger: 'regenerate-message',
      messageId: first.id,
      message: { role: 'user', parts: [{ type: 'text', text: 'unused' }] },
    });
    expect(lastHistory()).toEqual(['user: Q1']);
    expect(textOf(again)).not.toBe(textOf(first));
    const stored = await getConversation(key, id);
    expect(stored.messages.map((m) => m.id)).toEqual([stored.messages[0]!.id, again.id]);
    expect(stored.messages[1]!.metadata).toMatchObject({ versions: [first.id, again.id] });
    const shown = await bodyOf<{ messages: ChatUIMessage[] }>(await patch(id, { messageId: first.id }));
    expect(shown.messages.map((m) => m.id)).toEqual([stored.messages[0]!.id, first.id]);
  });

  it('regenerates an earlier reply: its question is answered again with only what came before it', async () => {
    const { id, messages } = await threeTurns();
    const [q1, a1, q2, a2] = messages;
    const again = await ask(id, {
      trigger: 'regenerate-message',
      messageId: a2!.id,
      message: { role: 'user', parts: [{ type: 'text', text: 'unused' }] },
    });
    expect(lastHistory()).toEqual(['user: Q1', `assistant: ${textOf(a1!)}`, 'user: Q2']);
    const stored = await getConversation(key, id);
    expect(stored.messages.map((m) => m.id)).toEqual([q1!.id, a1!.id, q2!.id, again.id]);
    expect(stored.messages[3]!.metadata).toMatchObject({ versions: [a2!.id, again.id] });
  });

  it('answers a regenerate in a conversation with nothing stored yet as its first question (a retried first send)', async () => {
    const id = await newConversation(key);
    const reply = await ask(id, {
      trigger: 'regenerate-message',
      message: { role: 'user', parts: [{ type: 'text', text: 'Q1' }] },
    });
    expect(lastHistory()).toEqual(['user: Q1']);
    expect(await onShow(id)).toEqual(['user: Q1', `assistant: ${textOf(reply)}`]);
  });

  it('branches off the first question too: two first questions are versions of each other', async () => {
    const { id, messages } = await threeTurns();
    await ask(id, { content: 'Q1 edited', edit: messages[0]!.id });
    expect(lastHistory()).toEqual(['user: Q1 edited']);
    const stored = await getConversation(key, id);
    expect(stored.messages).toHaveLength(2);
    expect(stored.messages[0]!.metadata).toMatchObject({ versions: [messages[0]!.id, stored.messages[0]!.id] });
  });

  it('refuses what names no question or message of the conversation (404), a bad body (400), and a change while a reply is written (409)', async () => {
    const { id, messages } = await threeTurns();
    const other = await threeTurns();
    const shownBefore = await onShow(id);
    // Editing a reply, another conversation's question, or an unknown id: 404, nothing stored.
    for (const edit of [messages[1]!.id, other.messages[0]!.id, '01a209db-7b0e-757d-bccc-1b918bbc3d1b']) {
      const res = await send(key, id, { content: 'nope', edit });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    const bad = await send(key, id, { content: 'nope', edit: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ pointer: '#/edit' }] });
    expect(await onShow(id)).toEqual(shownBefore);

    expect((await patch(id, { messageId: other.messages[0]!.id })).status).toBe(404);
    expect((await patch(id, {})).status).toBe(400);
    expect((await patch(id, { messageId: 'x' })).status).toBe(400);
    // Another principal sees no conversation at all.
    const stranger = (await newKey('user')).key;
    const foreign = await patch(id, { messageId: messages[2]!.id }, stranger);
    expect(foreign.status).toBe(404);
    expect(await onShow(id)).toEqual(shownBefore);

    // While a reply streams, the branch stays where the reply is being written.
    standin.options = { ...standin.options, delayMs: 150 };
    try {
      const streaming = await send(key, id, { content: 'Q4' });
      const busy = await patch(id, { messageId: messages[2]!.id });
      expect(busy.status).toBe(409);
      await readReply(streaming);
    } finally {
      standin.options = { ...standin.options, delayMs: 0 };
    }
    expect((await onShow(id)).at(-2)).toBe('user: Q4');
  });
});
