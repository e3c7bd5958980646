// Chat benchmark (called by bench/run.ts against a running production server):
// builds a 10,000-chunk corpus through the public API (10 bulk requests of 1,000
// one-chunk text sources, ingested by the server's own worker), then measures,
// through HTTP with the default local model, the time to the first text byte
// (first `text-delta` chunk of the SSE stream) and to the end of the reply, for 1
// conversation at a time and for 20 at once, also while sources are ingested (200 small texts;
// one 20 MB HTML page), and the same through /api/v1/chat/completions (streamed, as an OpenAI
// client asks). Every reply must end `complete`.

interface Options {
  baseUrl: string;
  adminKey: string;
  log: (line: string) => void;
}

const CORPUS_SOURCES = 10_000;
const BULK = 1_000;
const SEQUENTIAL_SENDS = 40;
const CONCURRENT = 20;
const SENDS_PER_CONVERSATION = 5;

/** A tiny deterministic PRNG, so every run builds the same corpus and asks the same questions. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze ba de fi go hu ja ke li mo nu pa qui re so tu va we xi yo zu'.split(' ');
const COMMON =
  'the of and to in is that for with as on by system process data value method result model level change energy water cell'.split(
    ' ',
  );

/** The benchmark corpus: 10,000 one-chunk text sources, the same on every run. */
export function corpus() {
  const rand = prng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const vocabulary = Array.from({ length: 5000 }, () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(SYLLABLES)).join(''),
  );
  const docs = Array.from({ length: CORPUS_SOURCES }, (_, i) => {
    const topic = [pick(vocabulary), pick(vocabulary), pick(vocabulary)];
    const sentences = Array.from({ length: 6 }, () => {
      const words = Array.from({ length: 10 + Math.floor(rand() * 8) }, () =>
        rand() < 0.35 ? pick(COMMON) : rand() < 0.3 ? pick(topic) : pick(vocabulary),
      );
      const s = words.join(' ');
      return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
    });
    return { title: `Document ${i} ${topic.join(' ')}`, text: sentences.join(' '), topic };
  });
  return docs;
}

async function call(
  o: Options,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${o.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/** A reply that takes longer than this counts as an error (and is named), instead of stalling the bench. */
const REPLY_TIMEOUT_MS = 60_000;

async function readAll(o: Options, what: string, read: () => Promise<Sample>, t0: number): Promise<Sample> {
  try {
    return await read();
  } catch (error) {
    o.log(`chat: ${what} failed after ${(performance.now() - t0).toFixed(0)} ms: ${String(error)}`);
    return { ttfbMs: NaN, totalMs: performance.now() - t0, ok: false };
  }
}

async function buildCorpus(o: Options, docs: ReturnType<typeof corpus>): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < docs.length; i += BULK) {
    const batch = docs.slice(i, i + BULK).map((d) => ({ title: d.title, text: d.text }));
    const res = await call(o, o.adminKey, 'POST', '/api/knowledge/sources', { sources: batch });
    if (res.status !== 202 && res.status !== 200)
      throw new Error(`ingest request failed: ${res.status} ${await res.text()}`);
  }
  o.log(`corpus: ${docs.length} sources queued in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let lastLog = Date.now();
  for (;;) {
    const waiting = await Promise.all(
      ['pending', 'processing'].map(async (status) => {
        const res = await call(o, o.adminKey, 'GET', `/api/knowledge/sources?status=${status}&limit=1`);
        return ((await res.json()) as { data: unknown[] }).data.length;
      }),
    );
    if (waiting.every((n) => n === 0)) break;
    if (Date.now() - lastLog > 15_000) {
      lastLog = Date.now();
      o.log(
        `corpus: still ingesting after ${((performance.now() - started) / 1000).toFixed(0)} s (pending: ${waiting[0] ? 'yes' : 'no'}, processing: ${waiting[1] ? 'yes' : 'no'})`,
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  o.log(
    `corpus: ${docs.length} sources ingested through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Sample {
  ttfbMs: number;
  totalMs: number;
  ok: boolean;
}

/** One send, timed from the request to the first text delta and to the end of the stream. */
async function timedSend(o: Options, key: string, conversationId: string, content: string): Promise<Sample> {
  const t0 = performance.now();
  return readAll(o, `/messages ${JSON.stringify(content)}`, () => readSend(o, key, conversationId, content, t0), t0);
}

async function readSend(o: Options, key: string, conversationId: string, content: string, t0: number): Promise<Sample> {
  const signal = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const res = await call(o, key, 'POST', `/api/conversations/${conversationId}/messages`, { content }, signal);
  if (res.status !== 200 || !res.body) {
    await res.text().catch(() => '');
    return { ttfbMs: NaN, totalMs: performance.now() - t0, ok: false };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let ttfbMs = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (Number.isNaN(ttfbMs) && seen.includes('"type":"text-delta"')) ttfbMs = performance.now() - t0;
  }
  const totalMs = performance.now() - t0;
  const ok = !seen.includes('"type":"error"') && seen.includes('"status":"complete"') && !Number.isNaN(ttfbMs);
  return { ttfbMs, totalMs, ok };
}

/**
 * One question through the OpenAI-compatible endpoint, streamed (as an OpenAI client asks), timed
 * to the first chunk with content and to `[DONE]`. Nothing is stored.
 */
async function timedCompletion(o: Options, key: string, content: string): Promise<Sample> {
  const t0 = performance.now();
  return readAll(o, `/v1 ${JSON.stringify(content)}`, () => readCompletion(o, key, content, t0), t0);
}

async function readCompletion(o: Options, key: string, content: string, t0: number): Promise<Sample> {
  const signal = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const res = await call(
    o,
    key,
    'POST',
    '/api/v1/chat/completions',
    { model: 'local', stream: true, messages: [{ role: 'user', content }] },
    signal,
  );
  if (res.status !== 200 || !res.body) {
    await res.text().catch(() => '');
    return { ttfbMs: NaN, totalMs: performance.now() - t0, ok: false };
  }
  const decoder = new TextDecoder();
  let buffered = '';
  let ttfbMs = NaN;
  let finished = false;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === 'data: [DONE]') finished = true;
      else if (Number.isNaN(ttfbMs) && line.startsWith('data: {')) {
        const chunk = JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string } }[] };
        if (chunk.choices?.[0]?.delta?.content) ttfbMs = performance.now() - t0;
      }
    }
  }
  return { ttfbMs, totalMs: performance.now() - t0, ok: finished && !Number.isNaN(ttfbMs) };
}

function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function newConversation(o: Options, key: string): Promise<string> {
  const res = await call(o, key, 'POST', '/api/conversations', {});
  if (res.status !== 201) throw new Error(`create conversation failed: ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

export async function runChatBench(o: Options): Promise<Record<string, number>> {
  await buildCorpus(o, corpus());
  return measureChat(o);
}

/** The measuring half alone, for a server whose database already holds `chatBenchCorpus()`. */
export async function measureChat(o: Options): Promise<Record<string, number>> {
  const docs = corpus();
  const keyRes = await call(o, o.adminKey, 'POST', '/api/keys', { name: 'chat bench', role: 'user' });
  const { key } = (await keyRes.json()) as { key: string };
  const rand = prng(7);
  const question = () => {
    const doc = docs[Math.floor(rand() * docs.length)]!;
    return `What does the text say about ${doc.topic.join(' and ')}?`;
  };

  // Warm-up: the first request of each route compiles and caches; it is not measured.
  const warm = await newConversation(o, key);
  await timedSend(o, key, warm, question());

  // /messages and /api/v1/chat/completions are measured interleaved on the same questions (this
  // machine is shared and noisy): an OpenAI client's time to first token should be within 10 %
  // of a conversation's, one at a time and 20 at once.
  await timedCompletion(o, key, question());
  const sequential: Sample[] = [];
  const viaOpenAi: Sample[] = [];
  for (let i = 0; i < SEQUENTIAL_SENDS; i += SENDS_PER_CONVERSATION) {
    const id = await newConversation(o, key);
    for (let j = 0; j < SENDS_PER_CONVERSATION; j++) {
      const asked = question();
      sequential.push(await timedSend(o, key, id, asked));
      viaOpenAi.push(await timedCompletion(o, key, asked));
    }
  }

  const runConcurrent = async () => {
    const samples: Sample[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const id = await newConversation(o, key);
        for (let j = 0; j < SENDS_PER_CONVERSATION; j++) samples.push(await timedSend(o, key, id, question()));
      }),
    );
    return { samples, seconds: (performance.now() - started) / 1000 };
  };
  const runConcurrentCompletions = async () => {
    const samples: Sample[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        for (let j = 0; j < SENDS_PER_CONVERSATION; j++) samples.push(await timedCompletion(o, key, question()));
      }),
    );
    return samples;
  };
  o.log(`chat: ${sequential.length} sends and completions one at a time`);
  // In the order A B B A, so a load that drifts during the run weighs on both alike.
  const { samples: concurrent, seconds: concurrentSeconds } = await runConcurrent();
  const viaOpenAiConcurrent = [...(await runConcurrentCompletions()), ...(await runConcurrentCompletions())];
  const { samples: concurrentAgain } = await runConcurrent();
  const concurrentBoth = [...concurrent, ...concurrentAgain];
  o.log(`chat: ${concurrentBoth.length + viaOpenAiConcurrent.length} sends and completions 20 at once`);

  // Checklist 39: 20 conversations again, while 200 more sources are queued and ingested.
  const extra = docs
    .slice(0, 200)
    .map((d, i) => ({ title: `Concurrent ${i} ${d.title}`, text: `${d.text} Added during the chat load.` }));
  const ingestion = call(o, o.adminKey, 'POST', '/api/knowledge/sources', { sources: extra }).then((r) => r.status);
  const { samples: loaded } = await runConcurrent();
  const ingestionStatus = await ingestion;
  o.log(`chat: ${loaded.length} sends 20 at once during an ingestion`);

  // One conversation asking on while a large file (a 21.5 MB HTML page: 20,000 sections, about 44,000 chunks) is
  // uploaded and ingested: reading, chunking and embedding it must not stall the replies.
  const page = largePage(docs);
  const form = new FormData();
  form.append('file', new Blob([page], { type: 'text/html' }), 'large-page.html');
  const uploaded = await fetch(`${o.baseUrl}/api/knowledge/sources`, {
    method: 'POST',
    headers: { authorization: `Bearer ${o.adminKey}` },
    body: form,
  });
  if (uploaded.status !== 202) throw new Error(`large file upload failed: ${uploaded.status} ${await uploaded.text()}`);
  const largeId = ((await uploaded.json()) as { id: string }).id;
  const largeStarted = performance.now();
  const beside: Sample[] = [];
  let largeStatus = 'pending';
  const watching = await newConversation(o, key);
  while ((largeStatus === 'pending' || largeStatus === 'processing') && performance.now() - largeStarted < 300_000) {
    beside.push(await timedSend(o, key, watching, question()));
    largeStatus = (
      (await (await call(o, o.adminKey, 'GET', `/api/knowledge/sources/${largeId}`)).json()) as { status: string }
    ).status;
  }
  const largeSeconds = (performance.now() - largeStarted) / 1000;

  const figures: Record<string, number> = {
    corpus_chunks: docs.length,
    c1_sends: sequential.length,
    c1_errors: sequential.filter((s) => !s.ok).length,
    c1_ttfb_p50_ms: percentile(
      sequential.map((s) => s.ttfbMs),
      50,
    ),
    c1_ttfb_p95_ms: percentile(
      sequential.map((s) => s.ttfbMs),
      95,
    ),
    c1_full_p50_ms: percentile(
      sequential.map((s) => s.totalMs),
      50,
    ),
    c1_full_p95_ms: percentile(
      sequential.map((s) => s.totalMs),
      95,
    ),
    c20_sends: concurrent.length,
    c20_errors: concurrentBoth.filter((s) => !s.ok).length,
    c20_ttfb_p50_ms: percentile(
      concurrentBoth.map((s) => s.ttfbMs),
      50,
    ),
    c20_ttfb_p95_ms: percentile(
      concurrentBoth.map((s) => s.ttfbMs),
      95,
    ),
    c20_full_p50_ms: percentile(
      concurrent.map((s) => s.totalMs),
      50,
    ),
    c20_full_p95_ms: percentile(
      concurrent.map((s) => s.totalMs),
      95,
    ),
    c20_replies_per_s: concurrent.length / concurrentSeconds,
    v1_c1_errors: viaOpenAi.filter((s) => !s.ok).length,
    v1_c1_ttfb_p50_ms: percentile(
      viaOpenAi.map((s) => s.ttfbMs),
      50,
    ),
    v1_c1_ttfb_p95_ms: percentile(
      viaOpenAi.map((s) => s.ttfbMs),
      95,
    ),
    v1_c20_errors: viaOpenAiConcurrent.filter((s) => !s.ok).length,
    v1_c20_ttfb_p50_ms: percentile(
      viaOpenAiConcurrent.map((s) => s.ttfbMs),
      50,
    ),
    v1_c20_ttfb_p95_ms: percentile(
      viaOpenAiConcurrent.map((s) => s.ttfbMs),
      95,
    ),
    c20_ingesting_errors: loaded.filter((s) => !s.ok).length,
    c20_ingesting_ttfb_p95_ms: percentile(
      loaded.map((s) => s.ttfbMs),
      95,
    ),
    c20_ingesting_ingest_status: ingestionStatus,
    large_file_mb: page.byteLength / 1e6,
    large_file_ingest_s: largeSeconds,
    large_file_ready: largeStatus === 'ready' ? 1 : 0,
    large_file_c1_sends: beside.length,
    large_file_c1_errors: beside.filter((s) => !s.ok).length,
    large_file_c1_ttfb_p50_ms: percentile(
      beside.map((s) => s.ttfbMs),
      50,
    ),
    large_file_c1_ttfb_p95_ms: percentile(
      beside.map((s) => s.ttfbMs),
      95,
    ),
    large_file_c1_ttfb_max_ms: percentile(
      beside.map((s) => s.ttfbMs),
      100,
    ),
  };
  o.log(
    `1 conversation:  TTFB p50 ${figures.c1_ttfb_p50_ms!.toFixed(0)} ms, p95 ${figures.c1_ttfb_p95_ms!.toFixed(0)} ms; full reply p50 ${figures.c1_full_p50_ms!.toFixed(0)} ms, p95 ${figures.c1_full_p95_ms!.toFixed(0)} ms; errors ${figures.c1_errors}`,
  );
  o.log(
    `20 conversations: TTFB p50 ${figures.c20_ttfb_p50_ms!.toFixed(0)} ms, p95 ${figures.c20_ttfb_p95_ms!.toFixed(0)} ms; full reply p50 ${figures.c20_full_p50_ms!.toFixed(0)} ms, p95 ${figures.c20_full_p95_ms!.toFixed(0)} ms; errors ${figures.c20_errors}`,
  );
  o.log(
    `/api/v1/chat/completions, interleaved with the above: TTFB p50 ${figures.v1_c1_ttfb_p50_ms!.toFixed(0)} ms at 1 ` +
      `(${pct(figures.v1_c1_ttfb_p50_ms!, figures.c1_ttfb_p50_ms!)} against /messages), ${figures.v1_c20_ttfb_p50_ms!.toFixed(0)} ms at 20 ` +
      `(${pct(figures.v1_c20_ttfb_p50_ms!, figures.c20_ttfb_p50_ms!)}); errors ${figures.v1_c1_errors! + figures.v1_c20_errors!}`,
  );
  o.log(
    `20 conversations during an ingestion: TTFB p95 ${figures.c20_ingesting_ttfb_p95_ms!.toFixed(0)} ms; errors ${figures.c20_ingesting_errors}`,
  );
  o.log(
    `1 conversation during a ${figures.large_file_mb!.toFixed(1)} MB HTML upload (${largeStatus} in ${largeSeconds.toFixed(1)} s): ` +
      `TTFB p50 ${figures.large_file_c1_ttfb_p50_ms!.toFixed(0)} ms, p95 ${figures.large_file_c1_ttfb_p95_ms!.toFixed(0)} ms, max ${figures.large_file_c1_ttfb_max_ms!.toFixed(0)} ms over ${beside.length} replies; errors ${figures.large_file_c1_errors}`,
  );
  o.log('targets: TTFB p50 <= 100 ms at 1, p95 <= 500 ms at 20; /v1 within 10 % of /messages; 0 errors');
  return figures;
}

const pct = (value: number, base: number) => `${value >= base ? '+' : ''}${((value / base - 1) * 100).toFixed(1)} %`;

/** A 20 MB HTML page of the corpus' sentences under 20,000 headings, in one <main>. */
function largePage(docs: ReturnType<typeof corpus>): Uint8Array<ArrayBuffer> {
  const sections = Array.from(
    { length: 20_000 },
    (_, i) => `<h2>Part ${i}</h2><p>${docs[i % docs.length]!.text}</p><p>${docs[(i * 7 + 3) % docs.length]!.text}</p>`,
  );
  return new TextEncoder().encode(
    `<!doctype html><html><head><title>A large page</title></head><body><main>${sections.join('\n')}</main></body></html>`,
  );
}
