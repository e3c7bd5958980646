import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The name's DNS answers, in order: a rebinding name answers a public address to the check
// and a private one to whoever asks next.
const answers: Array<Array<{ address: string; family: number }>> = [];
const asked: string[] = [];
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns')>();
  const lookup = (hostname: string, options: unknown, callback: (e: Error | null, a: unknown) => void) => {
    if (!hostname.endsWith('.rebind.test')) return dns.lookup(hostname, options as never, callback as never);
    asked.push(hostname);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    setImmediate(() => callback(null, next));
  };
  return { ...dns, lookup, default: { ...dns, lookup } };
});

const { fetchUrl } = await import('@/lib/knowledge/fetch');

/** A page on loopback that must never be reached: it counts every connection. */
let canary: Server;
let connections = 0;
beforeAll(async () => {
  canary = createServer((_req, res) => res.end('secret'));
  canary.on('connection', () => connections++);
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => canary.close(resolve)));
beforeEach(() => {
  answers.length = 0;
  asked.length = 0;
  connections = 0;
});

const limits = { maxBytes: 1_000_000, timeoutMs: 1_500, allowlist: [] };
const url = () => `http://evil.rebind.test:${(canary.address() as AddressInfo).port}/`;

describe('fetchUrl and DNS rebinding', () => {
  it('connects to the address it checked, not to what a second lookup answers', async () => {
    answers.push([{ address: '1.1.1.1', family: 4 }], [{ address: '127.0.0.1', family: 4 }]);
    // The public address is out of reach here: the fetch fails, but never by reaching loopback.
    await expect(fetchUrl(url(), limits)).rejects.toThrow();
    expect(asked).toEqual(['evil.rebind.test']);
    expect(connections).toBe(0);
  });

  it('refuses a name with any private address among its answers', async () => {
    answers.push([
      { address: '1.1.1.1', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(fetchUrl(url(), limits)).rejects.toThrow(/private, loopback or reserved/);
    expect(connections).toBe(0);
  });

  it('reaches a private address only through the allowlist', async () => {
    answers.push([{ address: '127.0.0.1', family: 4 }]);
    await expect(fetchUrl(url(), limits)).rejects.toThrow(/private, loopback or reserved/);
    expect(connections).toBe(0);
    const page = await fetchUrl(url(), { ...limits, allowlist: ['evil.rebind.test'] });
    expect(new TextDecoder().decode(page.body)).toBe('secret');
    expect(connections).toBe(1);
  });
});
