import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, upload, type SourceView } from './helpers';

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

/** `count` paragraphs of made-up sentences, each paragraph naming its number. */
function paragraphs(tag: string, count: number, sentences = 6): string[] {
  return Array.from({ length: count }, (_, p) =>
    Array.from(
      { length: sentences },
      (_, s) => `Paragraph ${p} of ${tag} says thing number ${s} about topic${(p * 7 + s) % 13} in plain words.`,
    ).join(' '),
  );
}

async function readText(key: string, id: string, headers: Record<string, string> = {}) {
  return api('GET', `/api/knowledge/sources/${id}/text`, { key, headers });
}

describe('GET /api/knowledge/sources/{id}/text', () => {
  it('gives back a Markdown file as ingested, and the offsets of every hit index it', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const markdown = [
      `# Handbook ${tag}`,
      '',
      '## Travel',
      '',
      ...paragraphs(tag, 12).flatMap((p) => [p, '']),
      // One paragraph longer than a chunk: it is cut between sentences, and the chunks overlap.
      paragraphs(`${tag}long`, 1, 60)[0]!,
      '',
      '## Code',
      '',
      '```sh',
      `# not a heading ${tag}`,
      'echo done',
      '```',
      '',
      ...paragraphs(`${tag}x`, 12).flatMap((p) => [p, '']),
    ].join('\n');
    const source = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'handbook.md', bytes: markdown, type: 'text/markdown' }]),
    );
    expect((await ingested(admin, source.id)).chunkCount).toBeGreaterThan(3);

    const res = await readText(user, source.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text).toBe(markdown.trimEnd());

    const hits = await search(user, `paragraph 7 ${tag}`, { sourceId: source.id, k: '20' });
    expect(hits.length).toBeGreaterThan(3);
    for (const hit of hits) expect(text.slice(hit.location.start, hit.location.end)).toBe(hit.text);
  });

  it('keeps offsets past front matter, serves a text file as text/plain, and reads a long source page by page', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const body = `# Notes ${tag}\n\nThe kettle ${tag} boils at noon.\n`;
    const withFrontMatter = `---\ntitle: Notes ${tag}\n---\n${body}`;
    const md = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'notes.md', bytes: withFrontMatter, type: 'text/markdown' }]),
    );
    await ingested(admin, md.id);
    const mdText = await (await readText(user, md.id)).text();
    // The front matter was not content: its place is kept, blank, so offsets still count from the file's start.
    expect(mdText.length).toBe(withFrontMatter.trimEnd().length);
    expect(mdText.slice(withFrontMatter.indexOf('# Notes'))).toBe(body.trimEnd());
    expect(mdText.slice(0, withFrontMatter.indexOf('# Notes')).trim()).toBe('');

    // Over 500 chunks: more than one statement's worth.
    const long = paragraphs(tag, 700, 12).join('\n\n');
    const plain = await bodyOf<SourceView>(
      await upload(admin, [{ name: `long-${tag}.txt`, bytes: long, type: 'text/plain' }]),
    );
    expect((await ingested(admin, plain.id)).chunkCount).toBeGreaterThan(500);
    const res = await readText(user, plain.id);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(long);
  });

  it('answers 304 to its ETag until the source is replaced, and names the generation that hits index', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const created = await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `First words ${tag}.` } });
    const source = await bodyOf<SourceView>(created);
    expect(source.generation).toBe(0);
    const live = (await ingested(admin, source.id)).generation;
    expect(live).toBeGreaterThan(0);
    const first = await readText(user, source.id);
    expect(first.headers.get('source-generation')).toBe(String(live));
    expect((await search(user, `first words ${tag}`, { sourceId: source.id })).map((h) => h.generation)).toEqual([
      live,
    ]);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(await first.text()).toBe(`First words ${tag}.`);
    const again = await readText(user, source.id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // If-None-Match compares weakly (a cache may have weakened the tag), and `*` holds for any text.
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*'])
      expect((await readText(user, source.id, { 'if-none-match': header })).status, header).toBe(304);
    expect((await readText(user, source.id, { 'if-none-match': '"other"' })).status).toBe(200);

    const put = await api('PUT', `/api/knowledge/sources/${source.id}`, {
      key: admin,
      json: { text: `Second words ${tag}.` },
    });
    expect(put.status).toBe(202);
    // Until the new text is ready, the old one is what search reads, and what is served.
    expect(await (await readText(user, source.id, { 'if-none-match': etag })).status).toBe(304);
    await ingested(admin, source.id);
    const replaced = await readText(user, source.id, { 'if-none-match': etag });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('etag')).not.toBe(etag);
    expect(await replaced.text()).toBe(`Second words ${tag}.`);
    const next = (await ingested(admin, source.id)).generation;
    expect(next).toBeGreaterThan(live);
    expect(replaced.headers.get('source-generation')).toBe(String(next));
    expect((await search(user, `second words ${tag}`, { sourceId: source.id })).map((h) => h.generation)).toEqual([
      next,
    ]);
  });

  it('replaces a source only if it still has the text read (If-Match): an edit made meanwhile is not overwritten', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const source = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `Original ${tag}.` } }),
    );
    await ingested(admin, source.id);
    const etag = (await readText(admin, source.id)).headers.get('etag')!;
    const put = (text: string, ifMatch: string) =>
      api('PUT', `/api/knowledge/sources/${source.id}`, {
        key: admin,
        json: { text },
        headers: { 'if-match': ifMatch },
      });

    // Another editor saves first: while that is queued, and once it is live, the first editor's save is refused.
    expect((await put(`Theirs ${tag}.`, etag)).status).toBe(202);
    const queued = await put(`Mine ${tag}.`, etag);
    expect(queued.status).toBe(412);
    expect(queued.headers.get('content-type')).toBe('application/problem+json');
    await ingested(admin, source.id);
    expect((await put(`Mine ${tag}.`, etag)).status).toBe(412);
    expect((await put(`Mine ${tag}.`, `W/${etag}`)).status).toBe(412);
    expect(await (await readText(admin, source.id)).text()).toBe(`Theirs ${tag}.`);

    // With the current tag (one of several, or *) the replacement goes through.
    const current = (await readText(admin, source.id)).headers.get('etag')!;
    expect((await put(`Mine ${tag}.`, `"nope", ${current}`)).status).toBe(202);
    await ingested(admin, source.id);
    expect(await (await readText(admin, source.id)).text()).toBe(`Mine ${tag}.`);
    expect((await put(`Anyone ${tag}.`, '*')).status).toBe(202);
  });

  it('409 before the first ingestion and for a failed source, 404 for none, 401 without a key', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const pending = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `Pending ${tag}.` } }),
    );
    const early = await readText(user, pending.id);
    expect(early.status).toBe(409);
    expect(early.headers.get('content-type')).toBe('application/problem+json');
    expect((await early.json()).detail).toMatch(/still being ingested/);

    const broken = await bodyOf<SourceView>(
      await upload(admin, [{ name: `${tag}.pdf`, bytes: `%PDF-1.7\n${tag} is no pdf`, type: 'application/pdf' }]),
    );
    expect((await ingested(admin, broken.id)).status).toBe('failed');
    const failed = await readText(user, broken.id);
    expect(failed.status).toBe(409);
    expect((await failed.json()).detail).toMatch(/failed/);

    expect((await readText(user, randomUUID())).status).toBe(404);
    expect((await readText(user, 'not-a-uuid')).status).toBe(400);
    expect((await api('GET', `/api/knowledge/sources/${pending.id}/text`)).status).toBe(401);
  });
});
