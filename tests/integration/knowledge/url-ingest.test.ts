import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { rechunkStep } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, type SourceView } from './helpers';

/**
 * URL ingestion against local HTTP servers. Loopback is refused by default, so the
 * positive paths allowlist 127.0.0.1 only; a canary listener on 127.0.0.2 (not
 * allowlisted) must never see a connection.
 */

let admin: string;
let site: Server;
let canary: Server;
let sitePort = 0;
let canaryPort = 0;
let canaryConnections = 0;
const tag = randomUUID().slice(0, 8);
/** A page that changes: its edition, and how often it was fetched. */
const tides = { edition: 'first', fetches: 0 };
/** A paragraph long enough that the guide and handbook pages are read as content, ahead of their links. */
const VPN_WORDS = 'Access to the network from home goes through the VPN, which every employee may use. '.repeat(4);
const tidesPage = () => {
  const paragraph = (i: number) =>
    `<p>Tide table ${i}, ${tides.edition} edition ${tag}: ${Array.from({ length: 40 }, (_, w) => `t${i}x${w}`).join(' ')}.</p>`;
  return `<!doctype html><html><head><title>Tides ${tag}</title></head><body><article><h1>Tides</h1>${Array.from({ length: 8 }, (_, i) => paragraph(i)).join('')}</article></body></html>`;
};

const setEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
};

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  site = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/article') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        `<!doctype html><html><head><title>Lighthouses ${tag}</title></head><body><nav>Home | About</nav><article><h1>Lighthouses</h1><p>The Fresnel lens ${tag} let lighthouse beams reach far out to sea. ${'Keepers trimmed the wicks every night. '.repeat(10)}</p></article></body></html>`,
      );
    }
    if (url === '/tides') {
      tides.fetches++;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(tidesPage());
    }
    if (url === '/notes.txt') return res.end(`Plain notes ${tag} about barnacles.`);
    if (url === '/old-guide') {
      res.statusCode = 301;
      res.setHeader('location', '/guide/');
      return res.end();
    }
    if (url === '/guide/') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        `<!doctype html><html><head><title>Guide ${tag}</title></head><body><article><h1>VPN</h1><p>${VPN_WORDS}</p><p>To get access ${tag}, fill in the <a href="forms/vpn.html">access form</a>; <a href="#faq">the questions below</a> say more.</p></article></body></html>`,
      );
    }
    if (url === '/handbook/latest') {
      res.statusCode = 302;
      res.setHeader('location', '/handbook/v2/README.md');
      return res.end();
    }
    if (url === '/handbook/v2/README.md') {
      res.setHeader('content-type', 'text/markdown; charset=utf-8');
      return res.end(
        `# Handbook ${tag}\n\n${VPN_WORDS}\n\nTo get leave ${tag}, fill in the [leave form](forms/leave.md "Leave"); [the questions below](#faq) say more.\n\n\`\`\`md\nAn [example link](example.md)\n\`\`\`\n\n## FAQ\n\nSee [the policy][policy].\n\n[policy]: ../policy.md\n`,
      );
    }
    if (url.startsWith('/hop/')) {
      const n = Number(url.slice(5));
      res.statusCode = 302;
      res.setHeader('location', n > 0 ? `/hop/${n - 1}` : '/article');
      return res.end();
    }
    if (url === '/to-internal') {
      res.statusCode = 301;
      res.setHeader('location', `http://127.0.0.2:${canaryPort}/secret`);
      return res.end();
    }
    if (url === '/huge') {
      res.setHeader('content-type', 'text/plain');
      const piece = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 50 && res.write(piece)) sent++;
        if (sent >= 50) res.end();
        else res.once('drain', pump);
      };
      return pump();
    }
    if (url === '/slow') {
      res.setHeader('content-type', 'text/plain');
      const timer = setInterval(() => res.write('drip '), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url === '/reset' || url === '/stall') {
      // Headers and the start of a page, then the connection drops (or nothing more comes).
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '100000' });
      res.write('<html><body><p>The first part of a page');
      if (url === '/reset') setTimeout(() => req.socket.destroy(), 50);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  canary = createServer((_req, res) => res.end('secret'));
  canary.on('connection', () => canaryConnections++);
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  await new Promise<void>((r, j) => canary.listen(0, '127.0.0.2', r).once('error', j));
  sitePort = (site.address() as AddressInfo).port;
  canaryPort = (canary.address() as AddressInfo).port;
});

afterEach(() =>
  setEnv({ URL_ALLOWLIST: undefined, URL_MAX_BYTES: undefined, URL_TIMEOUT_MS: undefined, CHUNK_TOKENS: undefined }),
);
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
  await new Promise((r) => canary.close(r));
});

const addUrl = async (url: string) => api('POST', '/api/knowledge/sources', { key: admin, json: { url } });

describe('URL ingestion', () => {
  it('fetches an allowlisted page, keeps its main content and title, and follows up to 5 redirects', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1' });
    const res = await addUrl(`http://127.0.0.1:${sitePort}/article`);
    expect(res.status).toBe(202);
    const source = await bodyOf<SourceView>(res);
    expect(source).toMatchObject({ kind: 'url', uri: `http://127.0.0.1:${sitePort}/article`, status: 'pending' });
    // What was fetched is what the source says it holds: the page's type and its size in bytes.
    const article = `<!doctype html><html><head><title>Lighthouses ${tag}</title></head>`;
    expect(await ingested(admin, source.id)).toMatchObject({
      status: 'ready',
      title: `Lighthouses ${tag}`,
      mediaType: 'text/html',
      size: expect.any(Number),
    });
    expect((await ingested(admin, source.id)).size).toBeGreaterThan(
      article.length + 10 * 'Keepers trimmed the wicks every night. '.length,
    );
    const hit = (await search(admin, `Fresnel lens ${tag}`, { sourceId: source.id }))[0];
    expect(hit?.text).toContain('Fresnel lens');
    expect(hit?.text).not.toContain('Home | About');

    const hops = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/hop/4`));
    expect((await ingested(admin, hops.id)).status).toBe('ready');
    const tooMany = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/hop/6`));
    expect(await ingested(admin, tooMany.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/Too many redirects/),
    });
  });

  it('refuses loopback, private, link-local, CGNAT and metadata addresses in every notation; the canary sees nothing', async () => {
    canaryConnections = 0;
    const literals = [
      `http://127.0.0.2:${canaryPort}/`,
      `http://2130706434:${canaryPort}/`,
      `http://0177.0.0.2:${canaryPort}/`,
      `http://0x7f.0.0.2:${canaryPort}/`,
      `http://127.0.0.2.:${canaryPort}/`,
      `http://[::ffff:127.0.0.2]:${canaryPort}/`,
      `http://[64:ff9b::7f00:2]:${canaryPort}/`,
      `http://[::1]:${canaryPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://0.0.0.0:${canaryPort}/`,
      'http://100.64.0.1/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
    ];
    for (const url of literals) {
      const res = await addUrl(url);
      expect(res.status, url).toBe(400);
      expect((await bodyOf<{ detail: string }>(res)).detail).toMatch(/private, loopback or reserved/);
    }
    // Names are resolved at fetch time: the worker refuses what they resolve to.
    // (`localhost.` with a trailing dot does not resolve here at all; either way it fails.)
    for (const url of [`http://localhost:${canaryPort}/`, `http://localhost.:${canaryPort}/`]) {
      const source = await bodyOf<SourceView>(await addUrl(url));
      expect(await ingested(admin, source.id)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/private, loopback or reserved|could not be found/),
      });
    }
    expect(canaryConnections).toBe(0);
  });

  it('refuses a redirect from an allowed host to an internal one at that hop', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1' });
    canaryConnections = 0;
    const source = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/to-internal`));
    expect(await ingested(admin, source.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/127\.0\.0\.2/),
    });
    expect(canaryConnections).toBe(0);
  });

  it('cuts huge and slow-drip responses at the byte cap and the time limit', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1', URL_MAX_BYTES: '100000', URL_TIMEOUT_MS: '800' });
    const huge = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/huge`));
    const slow = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/slow`));
    expect(await ingested(admin, huge.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/larger than 97.7 KB \(URL_MAX_BYTES\)/),
    });
    expect(await ingested(admin, slow.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/within 800 ms/),
    });
  });

  it('fails a page whose connection drops or stalls after its headers, or that refuses connections, in words, without waiting forever', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1', URL_TIMEOUT_MS: '1500' });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const started = Date.now();
    const reset = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/reset`));
    const stall = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/stall`));
    const refused = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${closedPort}/`));
    // The worker takes sources in order: one that never settled would hold up the ones after it.
    expect(await ingested(admin, reset.id)).toMatchObject({
      status: 'failed',
      error: 'The connection to 127.0.0.1 closed before the whole page arrived.',
    });
    expect(await ingested(admin, stall.id)).toMatchObject({
      status: 'failed',
      error: 'The URL did not answer within 1500 ms.',
    });
    expect(await ingested(admin, refused.id)).toMatchObject({
      status: 'failed',
      error: '127.0.0.1 refused the connection (ECONNREFUSED).',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ingests a plain-text URL and answers 200 for the same URL again', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.0/8' });
    const first = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/notes.txt`));
    expect((await ingested(admin, first.id)).status).toBe('ready');
    const again = await addUrl(`http://127.0.0.1:${sitePort}/notes.txt`);
    expect(again.status).toBe(200);
    expect((await bodyOf<SourceView>(again)).id).toBe(first.id);
  });

  it('keeps where a page’s links go, resolved against the address it was fetched from after redirects, also when chunked again', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1' });
    const created = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/old-guide`));
    expect(await ingested(admin, created.id)).toMatchObject({ status: 'ready', generation: 1 });
    const sentence = `To get access ${tag}, fill in the [access form](http://127.0.0.1:${sitePort}/guide/forms/vpn.html); the questions below say more.`;
    const hit = (await search(admin, `access form ${tag}`, { sourceId: created.id }))[0];
    expect(hit?.text).toContain(sentence);

    setEnv({ URL_ALLOWLIST: '127.0.0.1', CHUNK_TOKENS: '64' });
    while ((await rechunkStep()) > 0) await drainIngestQueue();
    expect(await ingested(admin, created.id)).toMatchObject({ status: 'ready', generation: 2 });
    const text = await (await api('GET', `/api/knowledge/sources/${created.id}/text`, { key: admin })).text();
    expect(text).toContain(sentence);
  });

  it('writes a Markdown file’s relative links whole, against the address it was fetched from after redirects; code stays as written', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1' });
    const created = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/handbook/latest`));
    expect(await ingested(admin, created.id)).toMatchObject({ status: 'ready', title: `Handbook ${tag}` });
    const text = await (await api('GET', `/api/knowledge/sources/${created.id}/text`, { key: admin })).text();
    const site = `http://127.0.0.1:${sitePort}`;
    expect(text).toContain(
      `To get leave ${tag}, fill in the [leave form](${site}/handbook/v2/forms/leave.md "Leave"); [the questions below](#faq) say more.`,
    );
    expect(text).toContain('```md\nAn [example link](example.md)\n```');
    expect(text).toContain(`[policy]: ${site}/handbook/policy.md`);
  });

  it('chunks a page again as it was fetched, and fetches it again only when asked', async () => {
    setEnv({ URL_ALLOWLIST: '127.0.0.1' });
    const created = await bodyOf<SourceView>(await addUrl(`http://127.0.0.1:${sitePort}/tides`));
    const first = await ingested(admin, created.id);
    expect(first).toMatchObject({ status: 'ready', generation: 1, title: `Tides ${tag}` });
    expect(tides.fetches).toBe(1);
    const textOf = async () => (await api('GET', `/api/knowledge/sources/${created.id}/text`, { key: admin })).text();
    const firstText = await textOf();
    expect(firstText).toContain(`first edition ${tag}`);

    // The site has changed since; the chunk size changes here.
    tides.edition = 'second';
    setEnv({ URL_ALLOWLIST: '127.0.0.1', CHUNK_TOKENS: '64' });
    while ((await rechunkStep()) > 0) await drainIngestQueue();
    const rechunked = await ingested(admin, created.id);
    expect(rechunked).toMatchObject({
      status: 'ready',
      generation: 2,
      error: null,
      title: first.title,
      size: first.size,
    });
    expect(rechunked.chunkCount).toBeGreaterThan(first.chunkCount);
    expect(tides.fetches).toBe(1);
    expect(await textOf()).toBe(firstText);

    // Fetch again (the admin page's button) reads the site.
    const put = await api('PUT', `/api/knowledge/sources/${created.id}`, { key: admin, json: { url: created.uri } });
    expect(put.status).toBe(202);
    expect(await ingested(admin, created.id)).toMatchObject({ status: 'ready', generation: 3 });
    expect(tides.fetches).toBe(2);
    expect(await textOf()).toContain(`second edition ${tag}`);
  });
});
