import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import {
  lieAboutSizes,
  makeDenseDocx,
  makeDocx,
  makeDocxBomb,
  makeEncryptedPdf,
  makeImageOnlyPdf,
  makeManyEntryDocx,
  makePdf,
  makePdfBomb,
} from './fixtures';
import { ingested, search, upload, type SourceView } from './helpers';

let admin: string;
let user: string;
let canary: Server;
let canaryHits = 0;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
  canary = createServer((_req, res) => {
    canaryHits++;
    res.end('x');
  });
  canary.on('connection', () => canaryHits++);
  await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => canary.close(() => r())));

async function sourceCount(): Promise<number> {
  return (await prisma()).source.count();
}

describe('ingest: bad input', () => {
  it('refuses an upload over MAX_UPLOAD_BYTES with 413 while it streams, storing nothing', async () => {
    const before = await sourceCount();
    let pulled = 0;
    const total = 40 * 1024 * 1024; // over the 25 MiB default
    const boundary = 'x-boundary';
    const head = new TextEncoder().encode(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n`,
    );
    const piece = new Uint8Array(1024 * 1024).fill(97);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        if (pulled >= total) return controller.close();
        pulled += piece.byteLength;
        controller.enqueue(piece);
      },
    });
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(pulled).toBeLessThan(total); // stopped reading early
    expect(await sourceCount()).toBe(before);
  });

  it('415 naming the accepted types for an executable named .pdf, a ZIP that is not a DOCX, an unknown extension and binary text', async () => {
    const cases = [
      { name: 'invoice.pdf', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) },
      { name: 'archive.docx', bytes: new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0]) },
      { name: 'tool.exe', bytes: 'MZ hello' },
      { name: 'notes.txt', bytes: new Uint8Array([0x68, 0x69, 0, 0xff, 0xfe]) },
      { name: 'report.txt', bytes: await makePdf(['a pdf in disguise']) },
    ];
    for (const c of cases) {
      const res = await upload(admin, [c]);
      expect(res.status, c.name).toBe(415);
      expect((await bodyOf<{ detail: string }>(res)).detail).toContain(
        '.txt, .md, .mdx, .html, .pdf, .docx, .csv, .json',
      );
    }
  });

  it('never uses a file name as a path, and strips control characters from it', async () => {
    const tag = randomUUID().slice(0, 8);
    const res = await upload(admin, [{ name: `../../etc/passwd\u0000${tag}.txt`, bytes: `name test ${tag}` }]);
    expect(res.status).toBe(202);
    const source = await bodyOf<SourceView>(res);
    expect(source.filename).toBe(`passwd${tag}.txt`);
    const win = await bodyOf<SourceView>(
      await upload(admin, [{ name: `C:\\Windows\\evil-${tag}.md`, bytes: `windows ${tag}` }]),
    );
    expect(win.filename).toBe(`evil-${tag}.md`);
  });

  it('a DOCX zip bomb ends failed without inflating it all; so does an archive with thousands of entries', async () => {
    // 400 MB inflated against a 64 MB cap: inflated whole, its parts and their copy would take
    // 800 MB, far past the 300 MB the check allows for the cap's 64 MB and what other work in this
    // process moves RSS by (a 100 MB bomb left 159 MB of growth against 150 MB allowed).
    const bomb = makeDocxBomb(400);
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    // Files over 64 KiB are read on a thread of their own, started by the first: measure with it running.
    const warm = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'warm.md', bytes: `warm ${randomUUID()}\n\n`.repeat(2000) }]),
    );
    expect((await ingested(admin, warm.id)).status).toBe('ready');
    const a = await bodyOf<SourceView>(await upload(admin, [{ name: 'bomb.docx', bytes: bomb }]));
    const b = await bodyOf<SourceView>(await upload(admin, [{ name: 'many.docx', bytes: makeManyEntryDocx(3000) }]));
    const heapBefore = process.memoryUsage().rss;
    const doneA = await ingested(admin, a.id);
    expect(doneA.status).toBe('failed');
    expect(doneA.error).toMatch(/expands to more than 256 MB when decompressed \(MAX_EXPANDED_BYTES\)/);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(300 * 1024 * 1024);
    const doneB = await ingested(admin, b.id);
    expect(doneB).toMatchObject({ status: 'failed', error: expect.stringMatching(/more than 2000 entries/) });
    // Headers that claim 1,000 bytes change nothing: the bytes actually inflated are counted
    // (64 MB of spaces is past what mammoth may be given, before the 256 MB).
    const liar = await bodyOf<SourceView>(await upload(admin, [{ name: 'liar.docx', bytes: lieAboutSizes(bomb) }]));
    expect(await ingested(admin, liar.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/too large to read: its XML/),
    });
  }, 60_000);

  it('a small DOCX of 60 MB of empty paragraphs and a small PDF inflating to 1 GiB end failed with the reason, in seconds', async () => {
    const started = performance.now();
    const docx = await bodyOf<SourceView>(await upload(admin, [{ name: 'paragraphs.docx', bytes: makeDenseDocx(60) }]));
    const pdf = await bodyOf<SourceView>(await upload(admin, [{ name: 'bomb.pdf', bytes: await makePdfBomb(1024) }]));
    expect(await ingested(admin, docx.id)).toMatchObject({
      status: 'failed',
      chunkCount: 0,
      error: expect.stringMatching(/too large to read: its XML .* PARSE_MAX_HEAP_MB/),
    });
    expect(await ingested(admin, pdf.id)).toMatchObject({
      status: 'failed',
      chunkCount: 0,
      error: expect.stringMatching(/expands to more than 256 MB when decompressed/),
    });
    // Before, mammoth took 45 s and 2 GB to fail at the heap limit, and PDF.js 50 s and 3.4 GB.
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('a DOCX whose image links to an external URL makes no outbound request', async () => {
    canaryHits = 0;
    const { port } = canary.address() as AddressInfo;
    const tag = randomUUID().slice(0, 8);
    const docx = makeDocx([`External link test ${tag}`], {
      externalImageUrl: `http://127.0.0.1:${port}/latest/meta-data/`,
    });
    const source = await bodyOf<SourceView>(await upload(admin, [{ name: 'ext.docx', bytes: docx }]));
    expect((await ingested(admin, source.id)).status).toBe('ready');
    expect(canaryHits).toBe(0);
  });

  it('an encrypted PDF and a PDF without text end failed with a clear error, and never show another file’s content', async () => {
    const enc = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'locked.pdf', bytes: await makeEncryptedPdf() }]),
    );
    const img = await bodyOf<SourceView>(await upload(admin, [{ name: 'scan.pdf', bytes: await makeImageOnlyPdf() }]));
    const bad = await bodyOf<SourceView>(
      await upload(admin, [
        { name: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n garbage that is not a pdf') },
      ]),
    );
    expect(await ingested(admin, enc.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/encrypted/i),
      chunkCount: 0,
    });
    expect(await ingested(admin, img.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/no extractable text/i),
      chunkCount: 0,
    });
    expect(await ingested(admin, bad.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/damaged|no extractable text/i),
    });
    for (const id of [enc.id, img.id, bad.id]) {
      expect(await (await prisma()).chunk.count({ where: { sourceId: id } })).toBe(0);
    }
  }, 60_000);

  it('400 for invalid JSON forms: empty or invisible text or title, bad URL schemes, NUL in a title, too many bulk sources', async () => {
    const bad: unknown[] = [
      { text: '   ' },
      { text: '\u200B\u2060' },
      { title: '\u200B', text: 'hi' },
      { url: 'file:///etc/passwd' },
      { url: 'gopher://example.com/' },
      { url: 'ftp://example.com/x' },
      { url: 'data:text/plain,hello' },
      { title: 'a\u0000b', text: 'hi' },
      { sources: Array.from({ length: 1001 }, (_, i) => ({ text: `t${i}` })) },
      { sources: [] },
    ];
    for (const json of bad) {
      const res = await api('POST', '/api/knowledge/sources', { key: admin, json });
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
    }
    const wrongType = await api('POST', '/api/knowledge/sources', {
      key: admin,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
  });

  it('400 for more than 1000 sources in all the files of one upload together; nothing is stored', async () => {
    const tag = randomUUID().slice(0, 8);
    const lines = (from: number) =>
      Array.from({ length: 600 }, (_, i) => JSON.stringify({ text: `line ${from + i} ${tag}` })).join('\n');
    const res = await upload(admin, [
      { name: 'a.jsonl', bytes: lines(0) },
      { name: 'b.jsonl', bytes: lines(600) },
    ]);
    expect(res.status).toBe(400);
    expect((await bodyOf<{ detail: string }>(res)).detail).toMatch(/1000 sources/);
    const files = await upload(
      admin,
      Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, bytes: `file ${i} ${tag}` })),
    );
    expect(files.status).toBe(400);
    expect(await (await prisma()).source.count({ where: { title: { contains: tag } } })).toBe(0);
  });

  it('names the entry of a bulk request whose URL points to a private address', async () => {
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { sources: [{ text: 'fine' }, { url: 'http://127.0.0.1/' }] },
    });
    expect(res.status).toBe(400);
    expect((await bodyOf<{ errors: { pointer?: string }[] }>(res)).errors[0]?.pointer).toBe('#/sources/1/url');
  });

  it('cuts a long file name between characters and keeps its extension', async () => {
    const tag = randomUUID().slice(0, 8);
    const emoji = await bodyOf<SourceView>(
      await upload(admin, [{ name: `${'a'.repeat(199)}😀${tag}.txt`, bytes: `emoji name ${tag}` }]),
    );
    expect(emoji.title).toBe('a'.repeat(199));
    expect(emoji.title).not.toMatch(/[\uD800-\uDFFF]/);
    const long = await upload(admin, [{ name: `${'b'.repeat(254)}😀.md`, bytes: `# Heading ${tag}\n\nLong name.` }]);
    expect(long.status).toBe(202);
    const source = await bodyOf<SourceView & { filename: string }>(long);
    expect(source.filename).toBe(`${'b'.repeat(252)}.md`);
  });

  it('400 for NUL in a JSON source; NUL inside an uploaded file is dropped, not stored', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const json of [
      { text: `nul\u0000 ${tag}` },
      { title: `t\u0000${tag}`, text: `nul title ${tag}` },
      { text: `nul meta ${tag}`, metadata: { k: 'v\u0000' } },
    ]) {
      const res = await api('POST', '/api/knowledge/sources', { key: admin, json });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    const file = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'nul.json', bytes: JSON.stringify({ note: `before\u0000after ${tag}` }) }]),
    );
    expect((await ingested(admin, file.id)).status).toBe('ready');
    const text = await (await api('GET', `/api/knowledge/sources/${file.id}/text`, { key: admin })).text();
    expect(text).toContain(`note: beforeafter ${tag}`);
    expect(text).not.toContain('\u0000');
  });

  it('ignores mass-assigned source fields, and drops a "__proto__" metadata key without applying it', async () => {
    const tag = randomUUID().slice(0, 8);
    const raw =
      `{"text":"assigned ${tag}","id":"0190d0f2-0000-7000-8000-0000000000aa","status":"ready","chunkCount":99,"generation":7,` +
      `"contentHash":"x","kind":"url","metadata":{"team":"ops","__proto__":{"polluted":true}}}`;
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(202);
    const created = await bodyOf<SourceView & { contentHash: string }>(res);
    expect(created).toMatchObject({ status: 'pending', chunkCount: 0, generation: 0, kind: 'text' });
    expect(created.id).not.toBe('0190d0f2-0000-7000-8000-0000000000aa');
    expect(created.contentHash).not.toBe('x');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const ready = await ingested(admin, created.id);
    expect(ready.status).toBe('ready');
    expect(Object.getPrototypeOf(ready.metadata)).toBe(Object.prototype);
    expect(ready.metadata).toEqual({ team: 'ops' });
    expect((ready.metadata as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('a user may search and list but not ingest, replace or delete (403, nothing changes)', async () => {
    const tag = randomUUID().slice(0, 8);
    const own = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `guarded ${tag}` } }),
    );
    const before = await ingested(admin, own.id);
    const count = async () =>
      (await bodyOf<{ data: SourceView[] }>(await api('GET', '/api/knowledge/sources?limit=100', { key: admin }))).data
        .length;
    const sources = await count();
    const refused = [
      await api('POST', '/api/knowledge/sources', { key: user, json: { text: `sneaky ${tag}` } }),
      await upload(user, [{ name: 'a.txt', bytes: `sneaky file ${tag}` }]),
      await api('PUT', `/api/knowledge/sources/${own.id}`, { key: user, json: { text: `overwritten ${tag}` } }),
      await upload(
        user,
        [{ name: 'b.txt', bytes: `overwritten file ${tag}` }],
        'PUT',
        `/api/knowledge/sources/${own.id}`,
      ),
      await api('POST', `/api/knowledge/sources/${own.id}/retry`, { key: user }),
      await api('DELETE', `/api/knowledge/sources/${own.id}`, { key: user }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    // Nothing was queued or changed: after the queue drains, the source is as it was.
    const after = await ingested(admin, own.id);
    expect(after).toEqual(before);
    expect(await count()).toBe(sources);
    expect((await api('GET', `/api/knowledge/sources/${own.id}`, { key: user })).status).toBe(200);
    expect((await search(user, `guarded ${tag}`))[0]?.text).toBe(`guarded ${tag}`);
    expect(
      (await search(user, `sneaky overwritten ${tag}`)).filter((h) => h.text.includes(tag)).map((h) => h.text),
    ).toEqual([`guarded ${tag}`]);
    expect((await api('GET', '/api/knowledge/sources', {})).status).toBe(401);
    expect((await api('GET', `/api/knowledge/search?q=x`, {})).status).toBe(401);
  });
});

describe('ingest: one bad source in a batch', () => {
  it('cuts a 2 MB run without spaces into chunks by characters, where one chunk was too big for its tsvector', async () => {
    const tag = randomUUID().slice(0, 8);
    const blob = `${tag}${'QmFzZTY0IGJsb2I'.repeat(140_000)}`;
    const source = await bodyOf<SourceView>(await upload(admin, [{ name: 'blob.txt', bytes: blob }]));
    expect(await ingested(admin, source.id)).toMatchObject({ status: 'ready', error: null });
    const chunks = await (await prisma()).chunk.findMany({ where: { sourceId: source.id }, select: { text: true } });
    expect(chunks.length).toBeGreaterThan(400);
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeLessThanOrEqual(4096);
    expect(chunks.map((c) => c.text).join('')).toContain(tag);
  });

  it('packs a table whose rows have no spaces by length, into chunks of at most 4,096 characters', async () => {
    const tag = randomUUID().slice(0, 8);
    const rows = [
      '|a|b|c|d|',
      '|-|-|-|-|',
      ...Array.from({ length: 3000 }, (_, i) => `|r${i}c1|r${i}c2|r${i}c3|${tag}r${i}|`),
    ];
    const source = await bodyOf<SourceView>(await upload(admin, [{ name: 'packed.md', bytes: rows.join('\n') }]));
    expect(await ingested(admin, source.id)).toMatchObject({ status: 'ready' });
    const chunks = await (await prisma()).chunk.findMany({ where: { sourceId: source.id }, select: { text: true } });
    expect(chunks.length).toBeGreaterThan(15);
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeLessThanOrEqual(4096);
  });

  it('fails only the source the database refuses; the others written with it are ingested', async () => {
    const tag = randomUUID().slice(0, 8);
    const db = await prisma();
    // A database that refuses one source's rows, as a constraint or a full disk would.
    await db.$executeRawUnsafe(`CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.text LIKE '%poison-${tag}%' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe(
      'CREATE TRIGGER refuse_poison BEFORE INSERT ON chunks FOR EACH ROW EXECUTE FUNCTION refuse_poison()',
    );
    try {
      const files = ['otters', 'badgers', `poison-${tag}`, 'voles'].map((word) => ({
        name: `${word}.txt`,
        bytes: `Notes on ${word} ${tag}: they live by the river.`,
      }));
      const { data } = await bodyOf<{ data: SourceView[] }>(await upload(admin, files));
      const done: SourceView[] = [];
      for (const s of data) done.push(await ingested(admin, s.id));
      expect(done.map((s) => s.status)).toEqual(['ready', 'ready', 'failed', 'ready']);
      expect(done[2]!.error).toBe('Ingestion failed unexpectedly; see the server log.');
      expect(await db.chunk.count({ where: { sourceId: done[2]!.id } })).toBe(0);
      expect((await search(user, `voles ${tag} river`))[0]?.sourceId).toBe(done[3]!.id);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER refuse_poison ON chunks');
      await db.$executeRawUnsafe('DROP FUNCTION refuse_poison()');
    }
  });
});
