// Answer benchmark, called by bench/run.ts with a running server: the AI SDK's own
// documentation (MDX files shipped in node_modules/ai/docs) is uploaded through the API, then
// each judged question goes to POST /api/ask: bench/answers/questions.json (25, the set to tune
// on) and bench/answers/held-out.json (32, written separately from the same docs; never tune on it).
// An answer is right when it states the judged fact (the question's `expect` pattern) and
// cites the file that holds it. This measures whichever CHAT_MODEL the server runs: the
// default local model, or a real one. The questions were written from the docs of ai@7.0;
// a later `ai` release may move or reword a fact, so compare runs of one version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { percentile } from './scifact-data';

interface Options {
  baseUrl: string;
  adminKey: string;
  log: (line: string) => void;
}

interface Judged {
  question: string;
  /** A case-insensitive pattern that only a right answer matches. */
  expect: string;
  /** The docs file (under node_modules/ai/docs) that states the fact. */
  source: string;
}

const docsDir = path.resolve(import.meta.dirname, '..', 'node_modules', 'ai', 'docs');
const load = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'answers', name), 'utf8')) as Judged[];
const sets = { dev: load('questions.json'), heldOut: load('held-out.json') };
const judged = [...sets.dev, ...sets.heldOut];

export async function runAnswersBench({ baseUrl, adminKey, log }: Options): Promise<Record<string, number>> {
  const auth = { authorization: `Bearer ${adminKey}` };
  const files = [...new Set(judged.map((q) => q.source))];
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([readFileSync(path.join(docsDir, file))]), path.basename(file));
  const upload = await fetch(`${baseUrl}/api/knowledge/sources`, { method: 'POST', headers: auth, body: form });
  if (upload.status !== 202) throw new Error(`upload → ${upload.status} ${await upload.text()}`);
  const { data } = (await upload.json()) as { data: { id: string }[] };
  const fileOf = new Map(data.map((s, i) => [s.id, files[i]!]));
  for (const { id } of data) {
    for (;;) {
      const s = (await (await fetch(`${baseUrl}/api/knowledge/sources/${id}`, { headers: auth })).json()) as { status: string; error: string | null };
      if (s.status === 'failed') throw new Error(`${fileOf.get(id)} failed: ${s.error}`);
      if (s.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  log(`${judged.length} judged questions over ${files.length} files of the AI SDK docs`);

  const times: number[] = [];
  const figures: Record<string, number> = {};
  for (const [name, set] of Object.entries(sets)) {
    let right = 0;
    let stated = 0;
    let declined = 0;
    for (const q of set) {
      const t = performance.now();
      const res = await fetch(`${baseUrl}/api/ask`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ question: q.question }) });
      times.push(performance.now() - t);
      if (!res.ok) throw new Error(`ask → ${res.status} ${await res.text()}`);
      const { answer, citations } = (await res.json()) as { answer: string; citations: { sourceId: string }[] };
      const states = new RegExp(q.expect, 'i').test(answer.replace(/[`*]/g, ''));
      const cites = citations.some((c) => fileOf.get(c.sourceId) === q.source);
      if (states) stated++;
      if (states && cites) right++;
      else log(`  miss (${name}): ${q.question}\n        → ${answer.length > 300 ? `${answer.slice(0, 300)}…` : answer}`);
      if (citations.length === 0) declined++;
    }
    const n = set.length;
    log(`${name}: right (fact stated, its file cited) ${right}/${n}; fact stated ${stated}/${n}; no answer ${declined}/${n}`);
    Object.assign(figures, { [`${name}Questions`]: n, [`${name}Right`]: right / n, [`${name}FactStated`]: stated / n, [`${name}Declined`]: declined / n });
  }
  log(`POST /api/ask p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`);
  return {
    ...figures,
    askP50Ms: percentile(times, 50),
    askP95Ms: percentile(times, 95),
  };
}
