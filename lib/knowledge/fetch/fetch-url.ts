import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { formatBytes } from '@/lib/format-bytes';
import { isAllowlisted, isPrivateAddress } from './address-policy';

export class FetchRefusedError extends Error {
  override name = 'FetchRefusedError';
  /** The HTTP status when the server answered with an error (robots.txt's 404 means "no rules"). */
  status?: number;
}

/** A redirect the caller's `allowRedirect` refused (a crawl's page sending it out of its scope): never followed. */
export class RedirectRefusedError extends FetchRefusedError {
  override name = 'RedirectRefusedError';
}

/** How the service names itself to the sites it fetches; robots.txt rules for `groundwork-ingest` apply to it. */
export const USER_AGENT = 'groundwork-ingest/1';

export interface FetchedPage {
  url: string;
  /** 200 (any 2xx), or 304 when conditional `headers` were sent and the page has not changed (no body). */
  status: number;
  contentType: string;
  body: Uint8Array;
  /** The response's validators, to send back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  lastModified: string | null;
}

interface Limits {
  maxBytes: number;
  timeoutMs: number;
  allowlist: string[];
  maxRedirects?: number;
  /** Asked before each redirect is followed (after the address checks, which always apply). */
  allowRedirect?: (to: URL) => boolean;
  /** Conditional request headers (`if-none-match`, `if-modified-since`): a 304 is then an answer, not an error. */
  headers?: Record<string, string>;
}

type Answer = Omit<FetchedPage, 'url'> & { redirect?: string };

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
      if (limits.allowRedirect && !limits.allowRedirect(url))
        throw new RedirectRefusedError(`The URL redirects to ${url.href}, which is not followed.`);
      continue;
    }
    const { redirect: _, ...page } = answer;
    return { url: url.href, ...page };
  }
  throw new FetchRefusedError(`Too many redirects (more than ${limits.maxRedirects ?? 5}).`);
}

function checkUrl(url: URL, allowlist: string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError(`Only http and https URLs can be ingested, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefusedError('URLs with credentials are not fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host) && !isAllowlisted({ host, address: host, allowlist })) {
    throw new FetchRefusedError(`Refused to fetch ${url.host}: it is a private, loopback or reserved address.`);
  }
}

const safeLookup =
  (allowlist: string[], host: string): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const bad = addresses.find(
        (a) => isPrivateAddress(a.address) && !isAllowlisted({ host, address: a.address, allowlist }),
      );
      const chosen = addresses[0];
      if (bad || !chosen) {
        return callback(
          new FetchRefusedError(`Refused to fetch ${host}: it resolves to a private, loopback or reserved address.`),
          '',
          4,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [chosen]);
      return callback(null, chosen.address, chosen.family);
    });
  };

function getOnce(url: URL, limits: Limits, deadline: number): Promise<Answer> {
  checkUrl(url, limits.allowlist);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefusedError(`The URL did not answer within ${limits.timeoutMs} ms.`));
    const req = client.get(url, {
      lookup: safeLookup(limits.allowlist, url.hostname.replace(/^\[|\]$/g, '')),
      headers: { ...limits.headers, 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': 'identity' },
      agent: false,
    });
    // Settles once, whichever comes first. A connection that drops after the headers emits no
    // error on the request, so the response's own close must settle it too, or it waits forever.
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const fail = (error: FetchRefusedError) => settle(() => (req.destroy(), reject(error)));
    const timer = setTimeout(
      () => fail(new FetchRefusedError(`The URL did not answer within ${limits.timeoutMs} ms.`)),
      remaining,
    );
    req.on('error', (e) => fail(e instanceof FetchRefusedError ? e : networkError(e, url.hostname)));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const answer = (body: Uint8Array, more: { redirect?: string } = {}): Answer => ({
        status,
        contentType: String(res.headers['content-type'] ?? ''),
        body,
        etag: res.headers.etag ?? null,
        lastModified: res.headers['last-modified'] ?? null,
        ...more,
      });
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return settle(() => resolve(answer(new Uint8Array(), { redirect: res.headers.location })));
      }
      if (status === 304 && limits.headers) {
        res.resume();
        return settle(() => resolve(answer(new Uint8Array())));
      }
      if (status < 200 || status >= 300) {
        res.resume();
        const error = new FetchRefusedError(`The URL answered HTTP ${status}.`);
        error.status = status;
        return settle(() => reject(error));
      }
      const tooLarge = () =>
        new FetchRefusedError(`The URL's content is larger than ${formatBytes(limits.maxBytes)} (URL_MAX_BYTES).`);
      if (Number(res.headers['content-length'] ?? NaN) > limits.maxBytes) return fail(tooLarge());
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > limits.maxBytes) return fail(tooLarge());
        parts.push(chunk);
      });
      res.on('end', () => settle(() => resolve(answer(Buffer.concat(parts)))));
      res.on('error', () => {}); // reported by 'close' below
      res.on('close', () => {
        if (!res.complete)
          fail(new FetchRefusedError(`The connection to ${url.hostname} closed before the whole page arrived.`));
      });
    });
  });
}

/** A failed connection in words an admin can act on, naming the host (Node's code in brackets). */
function networkError(error: Error & { code?: string }, host: string): FetchRefusedError {
  const code = error.code ?? '';
  const words: Record<string, string> = {
    ENOTFOUND: `${host} could not be found: the name has no DNS record`,
    EAI_AGAIN: `${host} could not be found: the DNS lookup failed`,
    ECONNREFUSED: `${host} refused the connection`,
    ECONNRESET: `The connection to ${host} was reset`,
    EHOSTUNREACH: `${host} cannot be reached from this server`,
    ENETUNREACH: `${host} cannot be reached from this server`,
    ETIMEDOUT: `The connection to ${host} timed out`,
  };
  if (words[code]) return new FetchRefusedError(`${words[code]} (${code}).`);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return new FetchRefusedError(`The TLS certificate of ${host} is not trusted (${code}).`);
  return new FetchRefusedError(`Fetching the URL failed: ${error.message}`);
}
