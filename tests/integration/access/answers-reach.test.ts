import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatChunk } from '@/lib/conversations/chat-message';
import { restrictStream } from '@/lib/conversations/restrict-citations';
import { prisma } from '@/lib/db';
import { bodyOf } from '../../support/http';
import { ask, buildOrg, callAs, conversationOf, shelvesIn, type Org } from './teams-fixture';

type Part = { type: string; text?: string; sourceId?: string; data?: Record<string, unknown> };
interface View {
  collectionIds: string[];
  messages: { id: string; role: string; parts: Part[] }[];
}

let org: Org;
beforeAll(async () => {
  org = await buildOrg();
}, 60_000);

const view = async (who: Org['callers'][keyof Org['callers']], id: string) => {
  const res = await callAs(who, 'GET', `/api/conversations/${id}`);
  expect(res.status).toBe(200);
  return bodyOf<View>(res);
};
const citationsOf = (v: View) =>
  v.messages.flatMap((m) => m.parts.filter((p) => p.type === 'data-citation').map((p) => p.data!));
/** Everything but the text of the messages: their own words stay as they were written. */
const nonText = (v: View) => JSON.stringify(v.messages.map((m) => m.parts.filter((p) => p.type !== 'text')));

describe('a conversation scoped to collections', () => {
  it('cites only its collections, takes a new scope with PATCH, and shows the scope in GET', async () => {
    const admin = org.callers.admin;
    const id = await conversationOf(admin, [org.collections.members]);
    expect((await view(admin, id)).collectionIds).toEqual([org.collections.members]);
    expect(shelvesIn(org, (await ask(admin, id)).body)).toEqual(['members']);

    const patched = await callAs(admin, 'PATCH', `/api/conversations/${id}`, {
      json: { collectionIds: [org.collections.hr] },
    });
    expect(patched.status).toBe(200);
    expect((await bodyOf<View>(patched)).collectionIds).toEqual([org.collections.hr]);
    expect(shelvesIn(org, (await ask(admin, id)).body)).toEqual(['hr']);

    // Back to everything the owner may read.
    await callAs(admin, 'PATCH', `/api/conversations/${id}`, { json: { collectionIds: [] } });
    expect((await view(admin, id)).collectionIds).toEqual([]);
  });

  it('answers 404 for a collection the caller may not read, exactly as for one that does not exist', async () => {
    const bob = org.callers.userKey;
    const unknown = await callAs(bob, 'POST', '/api/conversations', { json: { collectionIds: [randomUUID()] } });
    const hidden = await callAs(bob, 'POST', '/api/conversations', { json: { collectionIds: [org.collections.hr] } });
    expect(unknown.status).toBe(404);
    expect(hidden.status).toBe(404);
    const detail = async (res: Response) => (await bodyOf<{ detail: string; title: string }>(res)).detail;
    expect(await detail(hidden)).toBe(await detail(unknown));

    const id = await conversationOf(bob);
    const patch = await callAs(bob, 'PATCH', `/api/conversations/${id}`, {
      json: { collectionIds: [org.collections.hr] },
    });
    expect(patch.status).toBe(404);
    expect((await view(bob, id)).collectionIds).toEqual([]);
    // A key narrowed to the public collection cannot scope beyond it either.
    const narrowed = await callAs(org.callers.narrowedKey, 'POST', '/api/conversations', {
      json: { collectionIds: [org.collections.members] },
    });
    expect(narrowed.status).toBe(404);
    const bad = await callAs(bob, 'POST', '/api/conversations', { json: { collectionIds: ['not-an-id'] } });
    expect(bad.status).toBe(400);
  });
});

describe('a person removed from a group', () => {
  it('stops getting its passages at the next message, a regenerate and "tell me more"; their old citations come back restricted', async () => {
    const alice = org.callers.userCookie;
    const scoped = await conversationOf(alice, [org.collections.hr]);
    const open = await conversationOf(alice);
    const first = await ask(alice, scoped);
    expect(shelvesIn(org, first.body)).toEqual(['hr']);
    const before = citationsOf(await view(alice, scoped));
    expect(before[0]).toMatchObject({ sourceId: org.sources.hr, title: expect.stringContaining(org.secrets.hr) });

    const db = await prisma();
    await db.groupMember.delete({ where: { groupId_userId: { groupId: org.hrGroup, userId: org.alice } } });

    // Stored: the citation keeps its number and loses everything else; the HR source-document part is gone.
    const after = await view(alice, scoped);
    expect(citationsOf(after)).toEqual(before.map((c) => ({ n: c.n, restricted: true })));
    expect(shelvesIn(org, nonText(after))).toEqual([]);
    expect(after.messages[1]!.parts.some((p) => p.type === 'source-document')).toBe(false);
    expect(after.collectionIds).toEqual([]); // the HR collection is no longer theirs to name
    const markdown = await (await callAs(alice, 'GET', `/api/conversations/${scoped}?format=markdown`)).text();
    const cited = markdown.slice(markdown.indexOf('Sources:'));
    expect(cited).toContain('1. A source you no longer have access to');
    expect(shelvesIn(org, cited)).toEqual([]);

    // The next message, in the HR-scoped conversation and in an open one, and a regenerate.
    expect(shelvesIn(org, (await ask(alice, scoped)).body)).toEqual([]);
    const elsewhere = shelvesIn(org, (await ask(alice, open)).body);
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(elsewhere).not.toContain('hr');
    const again = await ask(alice, scoped, {
      message: { role: 'user', parts: [{ type: 'text', text: 'What is the vault code?' }] },
      trigger: 'regenerate-message',
    });
    expect(again.status).toBe(200);
    expect(shelvesIn(org, again.body)).toEqual([]);

    // "Tell me more" goes on from the passages the reply above cited: not from one no longer readable.
    await callAs(alice, 'PATCH', `/api/conversations/${scoped}`, { json: { collectionIds: [] } });
    const regained = await ask(alice, scoped, { content: 'Tell me more' });
    expect(shelvesIn(org, regained.body)).not.toContain('hr');
  });
});

describe('what the local model is told exists', () => {
  it('treats a word only an unreadable collection holds as one no source holds', async () => {
    const visitor = org.callers.anonymousOn;
    const id = await conversationOf(visitor);
    const hidden = await ask(visitor, id, { content: `Which handbook mentions ${org.secrets.hr}?` });
    const unknown = await ask(visitor, id, { content: `Which handbook mentions okapi${org.tag}?` });
    const said = (body: string, word: string) =>
      [...body.matchAll(/"delta":"((?:[^"\\]|\\.)*)"/g)]
        .map((m) => m[1])
        .join('')
        .replaceAll(word, 'X');
    expect(hidden.body).not.toContain('data-citation');
    expect(said(hidden.body, org.secrets.hr)).toBe(said(unknown.body, `okapi${org.tag}`));
  });
});

describe('following a reply (GET …/stream)', () => {
  it('replays citations of a source the follower may no longer read as restricted', async () => {
    const citation = (sourceId: string, n: number): ChatChunk[] => [
      { type: 'source-document', sourceId, mediaType: 'text/plain', title: `Vault notes ${n}` },
    ];
    const data = (sourceId: string, n: number): ChatChunk => ({
      type: 'data-citation',
      id: `citation-${n}`,
      data: {
        n,
        sourceId,
        chunkId: randomUUID(),
        title: `title ${sourceId}`,
        snippet: `snippet ${sourceId}`,
        location: { start: 0, end: 1 },
        generation: 1,
      },
    });
    const chunks: ChatChunk[] = [
      { type: 'text-delta', id: 't', delta: 'Codes [1] [2]' },
      ...citation(org.sources.public, 1),
      ...citation(org.sources.hr, 2),
      data(org.sources.public, 1),
      data(org.sources.hr, 2),
      { type: 'finish' },
    ];
    const source = new ReadableStream<ChatChunk>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const out: ChatChunk[] = [];
    const reach = { all: false as const, collectionIds: [org.collections.public] };
    const reader = restrictStream(source, reach).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
    expect(JSON.stringify(out)).not.toContain(org.sources.hr);
    expect(out.map((c) => c.type)).toEqual([
      'text-delta',
      'source-document',
      'data-citation',
      'data-citation',
      'finish',
    ]);
    expect(out[3]).toEqual({ type: 'data-citation', id: 'citation-2', data: { n: 2, restricted: true } });
  });
});
