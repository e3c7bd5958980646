import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wholeAnswer } from './openai-standin-whole';

/**
 * A stand-in for an OpenAI-compatible server, started by a test on loopback.
 * It speaks the real streaming wire formats of both endpoints @ai-sdk/openai
 * uses: `POST /v1/chat/completions` (`openai.chat(model)`: `data:` chunks with
 * `choices[0].delta`, a usage chunk, `data: [DONE]`) and `POST /v1/responses`
 * (`openai(model)`, the provider's default: typed `response.*` events). It
 * records every request body, replies with `reply` split into word deltas, and
 * can pause between deltas or drop the connection after some of them. It also
 * lists models (`GET /v1/models`), answers `stream`-less requests whole, embeds
 * (`POST /v1/embeddings`: each word counted into one of 16 dimensions), and
 * plays the broken servers a model connection must survive: an error status,
 * an HTML page, a request never answered.
 */
export interface StandinOptions {
  /** The text to stream back (default "Hello from the stand-in [1]."). */
  reply?: string | ((body: unknown) => string);
  /** Pause before each delta. */
  delayMs?: number;
  /** Destroy the socket after this many deltas (a model that dies mid-stream). */
  dieAfterDeltas?: number;
  /** Send nothing more after this many deltas, keeping the connection open (a model that hangs). */
  stallAfterDeltas?: number;
  /** What `GET /v1/models` lists (default `gpt-standin`). */
  models?: string[];
  /** Answer every request with this status and OpenAI's error body (401: a wrong key). */
  status?: number;
  /** Answer every request 200 with an HTML page: a server that is not OpenAI-compatible. */
  garbage?: boolean;
  /** Never answer (until the client gives up): a server that accepts and hangs. */
  hang?: boolean;
  /** Answer `POST /v1/embeddings` alone with this status: a server whose models do not embed. */
  embeddingsStatus?: number;
}

export interface Standin {
  baseUrl: string;
  requests: Array<{
    path: string;
    headers: IncomingMessage['headers'];
    body: Record<string, unknown>;
    /** The response closed before it ended: the client went away (a reply stopped mid-stream), or `dieAfterDeltas`. */
    closedEarly: boolean;
  }>;
  options: StandinOptions;
  close(): Promise<void>;
}

export async function startOpenAIStandin(options: StandinOptions = {}): Promise<Standin> {
  const requests: Standin['requests'] = [];
  const state = { options };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const request = { path: req.url ?? '', headers: req.headers, body, closedEarly: false };
    requests.push(request);
    res.on('close', () => {
      if (!res.writableEnded) request.closedEarly = true;
    });
    const reply =
      typeof state.options.reply === 'function'
        ? state.options.reply(body)
        : (state.options.reply ?? 'Hello from the stand-in [1].');
    const words = reply.match(/\S+\s*/g) ?? [];
    const o = state.options;
    if (o.hang) return void res.once('close', () => {});
    const status = o.status ?? (req.url === '/v1/embeddings' ? o.embeddingsStatus : undefined);
    if (status) {
      // Echoing the key, as a careless server might: what we pass on or log must still not hold it.
      const message = `Incorrect API key provided: ${String(req.headers.authorization).replace(/^Bearer /, '')}.`;
      const error = { message, type: 'invalid_request_error', code: 'invalid_api_key' };
      return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
    }
    if (o.garbage)
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>It works!</body></html>');
    if (req.method === 'GET' && req.url === '/v1/models') {
      const data = (o.models ?? ['gpt-standin']).map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'standin',
      }));
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data }));
    }
    if (req.method === 'POST' && req.url === '/v1/embeddings') return embeddings(res, body);
    if (
      req.method === 'POST' &&
      body.stream !== true &&
      (req.url === '/v1/chat/completions' || req.url === '/v1/responses')
    )
      return wholeAnswer(res, req.url, body, words.join(''));
    if (req.method === 'POST' && req.url === '/v1/chat/completions')
      return chatCompletions(res, body, words, state.options);
    if (req.method === 'POST' && req.url === '/v1/responses') return responses(res, body, words, state.options);
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get options() {
      return state.options;
    },
    set options(value) {
      state.options = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function streamDeltas(
  res: ServerResponse,
  words: string[],
  o: StandinOptions,
  send: (delta: string, i: number) => void,
): Promise<boolean> {
  for (const [i, word] of words.entries()) {
    if (o.dieAfterDeltas !== undefined && i >= o.dieAfterDeltas) {
      // Let what was written reach the client first: a model that dies mid-stream has sent part of it.
      await new Promise<void>((resolve) => res.write('', () => resolve()));
      await sleep(20);
      res.socket?.destroy();
      return false;
    }
    if (o.stallAfterDeltas !== undefined && i >= o.stallAfterDeltas) {
      await new Promise<void>((resolve) => res.once('close', resolve)); // until the client gives up
      return false;
    }
    if (o.delayMs) await sleep(o.delayMs);
    if (res.destroyed) return false; // the client went away
    send(word, i);
  }
  return true;
}

async function chatCompletions(res: ServerResponse, body: Record<string, unknown>, words: string[], o: StandinOptions) {
  const id = 'chatcmpl-standin';
  const created = Math.floor(Date.now() / 1000);
  const model = String(body.model);
  const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    event({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_standin',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  chunk({ role: 'assistant', content: '', refusal: null });
  if (!(await streamDeltas(res, words, o, (delta) => chunk({ content: delta })))) return;
  chunk({}, 'stop');
  const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
  if (wantsUsage) {
    event({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage: { prompt_tokens: 42, completion_tokens: words.length, total_tokens: 42 + words.length },
    });
  }
  res.end('data: [DONE]\n\n');
}

async function responses(res: ServerResponse, body: Record<string, unknown>, words: string[], o: StandinOptions) {
  const id = 'resp_standin';
  const itemId = 'msg_standin';
  const created_at = Math.floor(Date.now() / 1000);
  const model = String(body.model);
  let seq = 0;
  const event = (data: Record<string, unknown>) =>
    res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify({ ...data, sequence_number: seq++ })}\n\n`);
  const response = (status: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'response',
    created_at,
    status,
    model,
    output: [],
    ...extra,
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  event({ type: 'response.created', response: response('in_progress') });
  event({ type: 'response.in_progress', response: response('in_progress') });
  event({
    type: 'response.output_item.added',
    output_index: 0,
    item: { id: itemId, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
  });
  event({
    type: 'response.content_part.added',
    item_id: itemId,
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', annotations: [], text: '' },
  });
  const ok = await streamDeltas(res, words, o, (delta) =>
    event({
      type: 'response.output_text.delta',
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      delta,
      logprobs: [],
    }),
  );
  if (!ok) return;
  const text = words.join('');
  const part = { type: 'output_text', annotations: [], text };
  event({ type: 'response.output_text.done', item_id: itemId, output_index: 0, content_index: 0, text, logprobs: [] });
  event({ type: 'response.content_part.done', item_id: itemId, output_index: 0, content_index: 0, part });
  const item = { id: itemId, type: 'message', status: 'completed', content: [part], role: 'assistant' };
  event({ type: 'response.output_item.done', output_index: 0, item });
  const usage = {
    input_tokens: 42,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: words.length,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 42 + words.length,
  };
  event({ type: 'response.completed', response: response('completed', { output: [item], usage }) });
  res.end();
}

/** OpenAI's embeddings answer: a text's words hashed into 16 counts, so texts sharing words are near. */
function embeddings(res: ServerResponse, body: Record<string, unknown>) {
  const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
  const data = input.map((text, index) => {
    const vector = Array.from({ length: 16 }, () => 0);
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      let h = 0;
      for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      vector[h % 16]! += 1;
    }
    return { object: 'embedding', index, embedding: vector };
  });
  const tokens = input.join(' ').split(/\s+/).length;
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      object: 'list',
      data,
      model: String(body.model),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}
