import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { makeDocx, makePdf } from './fixtures';
import { ingested, search, upload, type SourceView } from './helpers';

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

describe('POST /api/knowledge/sources: every accepted form', () => {
  it('queues JSON text with 202 and Location, ingests it in the background, then finds it', async () => {
    const tag = randomUUID().slice(0, 8);
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: {
        title: `Tides ${tag}`,
        text: `# Tides\n\nThe moon ${tag} pulls the oceans into two bulges.`,
        metadata: { team: 'geo' },
      },
    });
    expect(res.status).toBe(202);
    const source = await bodyOf<SourceView>(res);
    expect(res.headers.get('location')).toBe(`/api/knowledge/sources/${source.id}`);
    expect(source).toMatchObject({ status: 'pending', progress: 0, kind: 'text', metadata: { team: 'geo' } });
    expect(source).not.toHaveProperty('content');
    expect(source).not.toHaveProperty('leaseOwner');
    const done = await ingested(admin, source.id);
    expect(done).toMatchObject({ status: 'ready', progress: 1, chunkCount: 1, error: null });
    const hits = await search(user, `moon ${tag} oceans`);
    expect(hits[0]).toMatchObject({ sourceId: source.id, title: `Tides ${tag}`, metadata: { team: 'geo' } });
    expect(hits[0]!.location.headings).toEqual(['Tides']);
  });

  it('answers 200 with the existing source when the same content comes again', async () => {
    const text = `Identical content ${randomUUID()}`;
    const first = await bodyOf<SourceView>(await api('POST', '/api/knowledge/sources', { key: admin, json: { text } }));
    const again = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { text: `${text}\r\n`, title: 'other' },
    });
    expect(again.status).toBe(200);
    expect((await bodyOf<SourceView>(again)).id).toBe(first.id);
  });

  it('reads Windows-1252 and UTF-16 text files as the text they hold, and names the refused file of several', async () => {
    const tag = randomUUID().slice(0, 8);
    const cp1252 = Buffer.from(`name,city\nRen\xe9e ${tag},Z\xfcrich\n`, 'latin1'); // as Excel saves a CSV
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`Caf\u00e9 notes ${tag}: the espresso machine is serviced in March.`, 'utf16le'),
    ]);
    const { data } = await bodyOf<{ data: SourceView[] }>(
      await upload(admin, [
        { name: 'people.csv', bytes: cp1252 },
        { name: 'cafe.txt', bytes: utf16 },
      ]),
    );
    for (const s of data) expect((await ingested(admin, s.id)).status).toBe('ready');
    expect((await search(user, `Renée ${tag}`))[0]?.text).toContain(`name: Renée ${tag}; city: Zürich`);
    expect((await search(user, `espresso ${tag}`))[0]?.text).toContain(`Café notes ${tag}`);

    const refused = await upload(admin, [
      { name: 'ok.txt', bytes: 'fine' },
      { name: 'report.pdf', bytes: 'not a pdf' },
    ]);
    expect(refused.status).toBe(415);
    expect((await bodyOf<{ detail: string }>(refused)).detail).toMatch(
      /^report\.pdf: The file is named \.pdf but its content is not/,
    );
  });

  it('stores content sent by several requests at once only once', async () => {
    const text = `Simultaneous ${randomUUID()}: eight clients upload the same note.`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', '/api/knowledge/sources', { key: admin, json: { text } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    const bodies = await Promise.all(answers.map((r) => bodyOf<SourceView & { contentHash: string }>(r)));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(await (await prisma()).source.count({ where: { contentHash: bodies[0]!.contentHash } })).toBe(1);
  });

  it('answers a bulk request in its own order, storing content repeated within it once', async () => {
    const tag = randomUUID().slice(0, 8);
    const known = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `Known ${tag}` } }),
    );
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: {
        sources: [
          { title: 'A', text: `Alpha ${tag}` },
          { text: `Known ${tag}` },
          { title: 'B', text: `Beta ${tag}` },
          { title: 'A again', text: `Alpha ${tag}` },
        ],
      },
    });
    expect(res.status).toBe(202);
    const { data } = await bodyOf<{ data: SourceView[] }>(res);
    expect(data.map((s) => s.title)).toEqual(['A', known.title, 'B', 'A']);
    expect(data[1]!.id).toBe(known.id);
    expect(data[3]!.id).toBe(data[0]!.id);
    expect(new Set(data.map((s) => s.id)).size).toBe(3);
    // Newest first: B was queued after A.
    const listed = await bodyOf<{ data: SourceView[] }>(
      await api('GET', '/api/knowledge/sources?limit=100', { key: admin }),
    );
    const order = listed.data.map((s) => s.id);
    expect(order.indexOf(data[2]!.id)).toBeLessThan(order.indexOf(data[0]!.id));
  });

  it('bulk-imports text sources in one request and JSON Lines as a body or an uploaded .jsonl file', async () => {
    const tag = randomUUID().slice(0, 8);
    const bulk = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: {
        sources: Array.from({ length: 30 }, (_, i) => ({
          title: `Doc ${i} ${tag}`,
          text: `Bulk item ${i} about topic${i} ${tag}.`,
          metadata: { i },
        })),
      },
    });
    expect(bulk.status).toBe(202);
    const { data } = await bodyOf<{ data: SourceView[] }>(bulk);
    expect(data).toHaveLength(30);
    const lines = [
      `{"title":"L1 ${tag}","text":"jsonl first ${tag}"}`,
      `{"text":"jsonl second ${tag}","metadata":{"n":2}}`,
    ].join('\n');
    const jsonl = await api('POST', '/api/knowledge/sources', {
      key: admin,
      body: lines,
      headers: { 'content-type': 'application/jsonl' },
    });
    expect(jsonl.status).toBe(202);
    expect((await bodyOf<{ data: SourceView[] }>(jsonl)).data).toHaveLength(2);
    const file = await upload(admin, [
      { name: 'more.jsonl', bytes: `{"text":"jsonl file ${tag}"}\n{"text":"jsonl file two ${tag}"}\n` },
    ]);
    expect(file.status).toBe(202);
    await ingested(admin, data[0]!.id);
    const hit = await search(user, `topic17 ${tag}`);
    expect(hit[0]?.metadata).toEqual({ i: 17 });
    expect((await search(user, `jsonl file two ${tag}`)).length).toBeGreaterThan(0);
  });

  it('ingests uploaded .txt, .md, .html, .csv and .json files, deciding the type from the content', async () => {
    const tag = randomUUID().slice(0, 8);
    const res = await upload(admin, [
      { name: 'notes.txt', bytes: `plain notes ${tag} about herons` },
      { name: 'guide.md', bytes: `# Guide ${tag}\n\n## Setup\n\nInstall the flux capacitor ${tag}.` },
      {
        name: 'page.html',
        bytes: `<!doctype html><html><head><title>Page ${tag}</title><script>evil()</script></head><body><nav>menu</nav><h1>Kiwis</h1><p>The kiwi ${tag} is a flightless bird of New Zealand.</p></body></html>`,
      },
      { name: 'table.csv', bytes: `city,population\nOslo ${tag},700000\nBergen,285000\n` },
      {
        name: 'data.json',
        bytes: JSON.stringify({
          products: [
            { name: `Widget ${tag}`, price: 12 },
            { name: 'Gadget', price: 30 },
          ],
        }),
      },
    ]);
    expect(res.status).toBe(202);
    const { data } = await bodyOf<{ data: SourceView[] }>(res);
    expect(data.map((s) => s.mediaType)).toEqual([
      'text/plain',
      'text/markdown',
      'text/html',
      'text/csv',
      'application/json',
    ]);
    expect(data.map((s) => s.filename)).toEqual(['notes.txt', 'guide.md', 'page.html', 'table.csv', 'data.json']);
    for (const s of data) expect((await ingested(admin, s.id)).status).toBe('ready');
    const md = await search(user, `flux capacitor ${tag}`);
    expect(md[0]?.location.headings).toEqual([`Guide ${tag}`, 'Setup']);
    const html = await search(user, `kiwi ${tag} flightless`);
    expect(html[0]?.text).toContain('flightless bird');
    expect(html[0]?.text).not.toContain('evil()');
    expect((await search(user, `Oslo ${tag} population`))[0]?.text).toContain(`city: Oslo ${tag}; population: 700000`);
    const json = (await search(user, `Widget ${tag}`))[0];
    expect(json?.text).toContain(`name: Widget ${tag}; price: 12`);
    expect(json?.location.headings).toEqual(['products']);
  });

  it('reads HTML that leaves out optional tags (<head>, <html>, <body>) as a browser would, title included', async () => {
    const tag = randomUUID().slice(0, 8);
    const pages = [
      `<html><title>No head ${tag}</title><body><p>Herons ${tag} stand still in the shallows.</p></body></html>`,
      `<!doctype html><title>Bare ${tag}</title><p>Egrets ${tag} follow the cattle.</p><script>evil()</script>`,
      `<html><body><h1>Bitterns</h1><p>Bitterns ${tag} boom at dusk.</p></body></html>`,
    ];
    const res = await upload(
      admin,
      pages.map((bytes, i) => ({ name: `page-${i}.html`, bytes })),
    );
    const { data } = await bodyOf<{ data: SourceView[] }>(res);
    const done: SourceView[] = [];
    for (const s of data) done.push(await ingested(admin, s.id));
    // (a page without a <title> is titled by its level-1 heading)
    expect(done.map((s) => [s.status, s.title])).toEqual([
      ['ready', `No head ${tag}`],
      ['ready', `Bare ${tag}`],
      ['ready', 'Bitterns'],
    ]);
    expect((await search(user, `herons ${tag} shallows`))[0]?.text).toBe(`Herons ${tag} stand still in the shallows.`);
    expect((await search(user, `egrets ${tag} cattle`))[0]?.text).toBe(`Egrets ${tag} follow the cattle.`);
    expect((await search(user, `bitterns ${tag} dusk`))[0]?.location.headings).toEqual(['Bitterns']);
  });

  it('takes a Markdown file’s title from the level-1 heading that opens it, else keeps the file name', async () => {
    const tag = randomUUID().slice(0, 8);
    const res = await upload(admin, [
      { name: 'opens.md', bytes: `\n# The \`flux\` *capacitor* ${tag} #\n\nIt needs 1.21 gigawatts ${tag}.` },
      {
        name: 'imports.mdx',
        bytes: `import { Note } from './note';\n\n# Plutonium ${tag}\n\n<Note>Handle with care ${tag}.</Note>`,
      },
      { name: 'later.md', bytes: `Some words first ${tag}.\n\n# Not the title\n\nMore words.` },
      { name: 'code.md', bytes: `    # indented ${tag}: code, not a heading\n\nText.` },
      { name: 'second-level.md', bytes: `## Section ${tag}\n\nText.` },
      // A README's: a comment first, badges in the heading (linked images, inline and by reference).
      {
        name: 'README.md',
        bytes: `<!--\n  -- Generated from README_js.md.\n  -->\n\n# uuid-${tag} [![CI](https://x.test/ci.svg)](https://x.test/ci) [![npm][badge]][npm] ![logo](logo.png)\n\nMakes ids.\n\n[badge]: https://x.test/npm.svg\n[npm]: https://x.test/npm`,
      },
    ]);
    const { data } = await bodyOf<{ data: SourceView[] }>(res);
    const done: SourceView[] = [];
    for (const s of data) done.push(await ingested(admin, s.id));
    expect(done.map((s) => [s.status, s.title])).toEqual([
      ['ready', `The flux capacitor ${tag}`],
      ['ready', `Plutonium ${tag}`],
      ['ready', 'later.md'],
      ['ready', 'code.md'],
      ['ready', 'second-level.md'],
      ['ready', `uuid-${tag}`],
    ]);
    // The heading stays in the text, as written.
    expect((await search(user, `gigawatts ${tag}`, { sourceId: data[0]!.id }))[0]?.text).toMatch(
      /^# The `flux` \*capacitor\*/,
    );
    // A title the admin gave is kept.
    const named = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { title: `Mine ${tag}`, text: `# Theirs ${tag}\n\nBody.` },
      }),
    );
    expect((await ingested(admin, named.id)).title).toBe(`Mine ${tag}`);
  });

  it('takes a Markdown file’s title from its front matter and indexes none of the block', async () => {
    const tag = randomUUID().slice(0, 8);
    const file = `---\ntitle: Streaming ${tag}\ndescription: Why replies arrive piece by piece.\nsidebar_position: 5\n---\n\n# Streaming\n\nStreaming shows the reply ${tag} as it is generated.\n`;
    const res = await upload(admin, [{ name: '05-streaming.md', bytes: file }]);
    const source = await bodyOf<SourceView>(res);
    expect(source.title).toBe('05-streaming.md');
    expect(await ingested(admin, source.id)).toMatchObject({
      status: 'ready',
      title: `Streaming ${tag}`,
      chunkCount: 1,
    });
    const hits = await search(user, `streaming ${tag} sidebar_position description`, { sourceId: source.id, k: '5' });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      title: `Streaming ${tag}`,
      text: `# Streaming\n\nStreaming shows the reply ${tag} as it is generated.`,
    });
    // Offsets still point into the uploaded file.
    expect(file.slice(hits[0]!.location.start, hits[0]!.location.end)).toBe(hits[0]!.text);

    const text = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { text: `---\ntitle: Notes ${tag}\n---\nBody of the notes ${tag}.` },
    });
    expect(text.status).toBe(202);
    expect(await bodyOf<SourceView>(text)).toMatchObject({ title: `Notes ${tag}` });
  });

  it('ingests MDX as Markdown without its imports, component tags or expressions', async () => {
    const tag = randomUUID().slice(0, 8);
    const file = [
      '---',
      `title: Tools ${tag}`,
      '---',
      "import { Note } from '@/components/note';",
      '',
      '# Tools',
      '',
      '<Note type="warning">',
      `Tools ${tag} run on your server.`,
      '</Note>',
      '',
      "<ExampleLinks examples={[{ title: 'Weather tool', link: '/examples/weather' }]} />",
    ].join('\n');
    const res = await upload(admin, [{ name: 'tools.mdx', bytes: file }]);
    const source = await bodyOf<SourceView>(res);
    expect(source.mediaType).toBe('text/mdx');
    expect(await ingested(admin, source.id)).toMatchObject({ status: 'ready', title: `Tools ${tag}`, chunkCount: 1 });
    const [hit] = await search(user, `tools ${tag} server`, { sourceId: source.id });
    expect(hit!.text.replace(/\s+/g, ' ')).toBe(`# Tools Tools ${tag} run on your server.`);
  });

  it('takes a title for one uploaded file and metadata for every one, from form fields, checked as JSON forms check theirs', async () => {
    const tag = randomUUID().slice(0, 8);
    const form = (fields: Record<string, string>, files: { name: string; bytes: string }[]) => {
      const body = new FormData();
      for (const f of files) body.append('file', new Blob([f.bytes]), f.name);
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return api('POST', '/api/knowledge/sources', { key: admin, body });
    };
    const titled = await form({ title: `  Harbour handbook ${tag} `, metadata: '{"team":"ops","tags":["tides"]}' }, [
      { name: `h-${tag}.md`, bytes: `# Its own title ${tag}\n\nMoorings are free in winter.` },
    ]);
    expect(titled.status).toBe(202);
    const source = await bodyOf<SourceView>(titled);
    expect(source).toMatchObject({
      title: `Harbour handbook ${tag}`,
      filename: `h-${tag}.md`,
      metadata: { team: 'ops', tags: ['tides'] },
    });
    // A title given is kept over the document's own, and the metadata goes with its hits.
    expect(await ingested(admin, source.id)).toMatchObject({ status: 'ready', title: `Harbour handbook ${tag}` });
    expect((await search(user, `moorings free winter ${tag}`)).find((h) => h.sourceId === source.id)?.metadata).toEqual(
      { team: 'ops', tags: ['tides'] },
    );
    // Metadata goes with every file of the request, under a JSON Lines line's own members.
    const several = await form({ metadata: '{"team":"docs","lang":"en"}' }, [
      { name: `a-${tag}.txt`, bytes: `Ferries ${tag} leave hourly.` },
      { name: `b-${tag}.jsonl`, bytes: `{"text":"Buses ${tag} stop at noon.","metadata":{"lang":"fr"}}\n` },
    ]);
    expect(several.status).toBe(202);
    expect((await bodyOf<{ data: SourceView[] }>(several)).data.map((s) => s.metadata)).toEqual([
      { team: 'docs', lang: 'en' },
      { team: 'docs', lang: 'fr' },
    ]);
    // Refused, and nothing stored.
    const file = [{ name: `c-${tag}.txt`, bytes: `Trains ${tag} run late.` }];
    for (const [fields, files, parameter] of [
      [{ title: 'One' }, [...file, { name: `d-${tag}.txt`, bytes: `Trams ${tag}.` }], 'title'],
      [{ title: 'Lines' }, [{ name: `e-${tag}.jsonl`, bytes: '{"text":"x"}\n' }], 'title'],
      [{ title: '  ' }, file, 'title'],
      [{ title: 'x'.repeat(801) }, file, 'title'],
      [{ title: 'a\u0000b' }, file, 'title'],
      [{ metadata: 'not json' }, file, 'metadata'],
      [{ metadata: '[1,2]' }, file, 'metadata'],
      [{ metadata: '{"note":"a\\u0000b"}' }, file, 'metadata'],
      [{ metadata: JSON.stringify({ note: 'x'.repeat(17_000) }) }, file, 'metadata'],
    ] as const) {
      const res = await form(fields, [...files]);
      expect(res.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect((await bodyOf<{ errors: { parameter?: string }[] }>(res)).errors.map((e) => e.parameter)).toEqual([
        parameter,
      ]);
    }
    expect(
      await (
        await prisma()
      ).source.count({ where: { filename: { in: [`c-${tag}.txt`, `d-${tag}.txt`, `e-${tag}.jsonl`] } } }),
    ).toBe(0);
    // A replacement with a title is renamed by it; without, a title given before is kept.
    const put = (fields: Record<string, string>) => {
      const body = new FormData();
      body.append('file', new Blob([`Moorings cost ${fields.title ?? 'nothing'} in winter ${tag}.`]), `h2-${tag}.md`);
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return api('PUT', `/api/knowledge/sources/${source.id}`, { key: admin, body });
    };
    expect(await bodyOf<SourceView>(await put({}))).toMatchObject({
      title: `Harbour handbook ${tag}`,
      metadata: { team: 'ops', tags: ['tides'] },
    });
    expect(await bodyOf<SourceView>(await put({ title: `Marina guide ${tag}`, metadata: '{}' }))).toMatchObject({
      title: `Marina guide ${tag}`,
      metadata: {},
    });
    await ingested(admin, source.id);
  });

  it('ingests a real PDF with page numbers and its title', async () => {
    const tag = randomUUID().slice(0, 8);
    const pdf = await makePdf(
      [`First page about apples ${tag}.`, `Second page about volcanoes ${tag}.`],
      `Fruit and fire ${tag}`,
    );
    const res = await upload(admin, [{ name: 'report.pdf', bytes: pdf, type: 'application/pdf' }]);
    expect(res.status).toBe(202);
    const source = await bodyOf<SourceView>(res);
    expect(source.mediaType).toBe('application/pdf');
    expect(await ingested(admin, source.id)).toMatchObject({ status: 'ready', title: `Fruit and fire ${tag}` });
    const hits = await search(user, `volcanoes ${tag}`, { sourceId: source.id, k: '5' });
    // Two short pages make one passage, which says both pages it runs over.
    const hit = hits.find((h) => h.text.includes('volcanoes'));
    expect(hit?.text).toContain(`apples ${tag}`);
    expect(hit?.location).toMatchObject({ page: 1, pageEnd: 2 });
  }, 60_000);

  it('ingests a real DOCX keeping its headings and its title', async () => {
    const tag = randomUUID().slice(0, 8);
    const docx = makeDocx(
      [`# Handbook ${tag}`, 'Welcome.', '## Holidays', `Staff get 30 days of holiday ${tag} per year.`],
      { title: `Staff & handbook ${tag}` },
    );
    const res = await upload(admin, [{ name: 'handbook.docx', bytes: docx }]);
    expect(res.status).toBe(202);
    const source = await bodyOf<SourceView>(res);
    // The title in the document's properties replaces the file name.
    expect(await ingested(admin, source.id)).toMatchObject({ status: 'ready', title: `Staff & handbook ${tag}` });
    const hit = (await search(user, `holiday ${tag} per year`, { sourceId: source.id }))[0];
    expect(hit?.text).toContain('30 days of holiday');
    expect(hit?.location.headings).toEqual([`Handbook ${tag}`, 'Holidays']);
  });

  it('names a DOCX without a Title property by the heading that opens it, else by its file name', async () => {
    const tag = randomUUID().slice(0, 8);
    const files = [
      // Word's Title style, then sections in Heading 1.
      {
        name: 'styled.docx',
        bytes: makeDocx([`{Title}Pump manual **${tag}**`, '# Safety', `Never run the pump dry ${tag}.`]),
      },
      { name: 'headed.docx', bytes: makeDocx([`# Travel policy ${tag}`, `Book trains ${tag} before flights.`]) },
      // A README's badges, their images gone, are links closing the heading; a link within it is a word.
      {
        name: 'badges.docx',
        bytes: makeDocx([
          `# wrap-${tag} [npm version](https://npm.example/v) [build status](https://ci.example/b)`,
          'Wraps words.',
        ]),
      },
      { name: 'linked.docx', bytes: makeDocx([`# Using [Acme](https://acme.example) at ${tag}`, 'Sign in first.']) },
      // A heading further down names a section, not the document.
      { name: 'notes.docx', bytes: makeDocx([`Minutes of the meeting ${tag}.`, '# Decisions', 'None.']) },
    ];
    const res = await upload(admin, files);
    const { data } = await bodyOf<{ data: SourceView[] }>(res);
    const titles = [];
    for (const source of data) titles.push((await ingested(admin, source.id)).title);
    expect(titles).toEqual([
      `Pump manual ${tag}`,
      `Travel policy ${tag}`,
      `wrap-${tag}`,
      `Using Acme at ${tag}`,
      'notes.docx',
    ]);
    const hit = (await search(user, `pump dry ${tag}`, { sourceId: data[0]!.id }))[0];
    expect(hit?.location.headings).toEqual(['Safety']);
  });
});
