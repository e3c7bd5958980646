import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowlisted, isPrivateAddress } from './address-policy';

export class FetchRefusedError extends Error {
  override name = 'FetchRefusedError';
}

export interface FetchedPage {
  url: string;
  contentType: string;
  body: Uint8Array;
}

interface Limits {
  maxBytes: number;
  timeoutMs: number;
  allowlist: string[];
  maxRedirects?: number;
}

/**
 * SSRF-safe GET for URL ingestion. Every hop (at most 5 redirects) is checked:
 * http(s) only; IP literals in any notation (the WHATWG URL parser normalises
 * decimal, octal and hex forms) and every DNS answer must be public unless
 * allowlisted; and the socket connects to the very address that was checked
 * (our `lookup` hands it over), so DNS rebinding cannot swap it afterwards.
 * Bodies stop at `maxBytes`, the whole exchange at `timeoutMs`.
 */
export async function fetchUrl(input: string, limits: Limits): Promise<FetchedPage> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = new URL(input);
  for (let hop = 0; hop <= (limits.maxRedirects ?? 5); hop++) {
    const answer = await getOnce(url, limits, deadline);
    if (answer.redirect) {
      url = new URL(answer.redirect, url);
      continue;
    }
    return { url: url.href, contentType: answer.contentType, body: answer.body };
  }
  throw new FetchRefusedError(`Too many redirects (more than ${limits.maxRedirects ?? 5}).`);
}

function checkUrl(url: URL, allowlist: string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(`Only http and https URLs can be ingested, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefusedError('URLs with credentials are not fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host) && !isAllowlisted({ host, address: host, allowlist })) {
    throw new FetchRefusedError(`Refused to fetch ${url.host}: it is a private, loopback or reserved address.`);
  }
}

const safeLookup = (allowlist: string[], host: string): LookupFunction => (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4);
    const bad = addresses.find((a) => isPrivateAddress(a.address) && !isAllowlisted({ host, address: a.address, allowlist }));
    const chosen = addresses[0];
    if (bad || !chosen) {
      return callback(new FetchRefusedError(`Refused to fetch ${host}: it resolves to a private, loopback or reserved address.`), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [chosen]);
    return callback(null, chosen.address, chosen.family);
  });
};

function getOnce(url: URL, limits: Limits, deadline: number): Promise<{ redirect?: string; contentType: string; body: Uint8Array }> {
  checkUrl(url, limits.allowlist);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefusedError(`The URL did not answer within ${limits.timeoutMs} ms.`));
    const req = client.get(url, {
      lookup: safeLookup(limits.allowlist, url.hostname.replace(/^\[|\]$/g, '')),
      headers: { 'user-agent': 'groundwork-ingest/1', accept: '*/*', 'accept-encoding': 'identity' },
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new FetchRefusedError(`The URL did not answer within ${limits.timeoutMs} ms.`)), remaining);
    req.on('error', (e) => (clearTimeout(timer), reject(e instanceof FetchRefusedError ? e : new FetchRefusedError(`Fetching the URL failed: ${e.message}`))));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        clearTimeout(timer);
        res.resume();
        return resolve({ redirect: res.headers.location, contentType: '', body: new Uint8Array() });
      }
      if (status < 200 || status >= 300) {
        clearTimeout(timer);
        res.resume();
        return reject(new FetchRefusedError(`The URL answered HTTP ${status}.`));
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > limits.maxBytes) {
        req.destroy();
        clearTimeout(timer);
        return reject(new FetchRefusedError(`The URL's content is larger than ${limits.maxBytes} bytes (URL_MAX_BYTES).`));
      }
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > limits.maxBytes) {
          req.destroy(new FetchRefusedError(`The URL's content is larger than ${limits.maxBytes} bytes (URL_MAX_BYTES).`));
          return;
        }
        parts.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(parts) });
      });
      res.on('error', () => {});
    });
  });
}
