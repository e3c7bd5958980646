// Answer benchmark, called by bench/run.ts with a running server: the AI SDK's own
// documentation (MDX files shipped in node_modules/ai/docs) is uploaded through the API, then
// each judged question goes to POST /api/ask: bench/answers/questions.json (55, the set to tune
// on) and bench/answers/held-out.json (36, written separately from the same docs; never tune on it).
// Conversations go through the chat API instead: bench/answers/follow-ups-dev.json (14, the
// set to tune on) and bench/answers/follow-ups.json (14, written before any run; never tune on
// it). Each turn is a message in one conversation, and the last reply is judged, so a follow-up
// ("Where do they run?") is answered from the turns above. Then each question of both sets is
// asked again as a conversation's second message, after the set's question before it: a new
// question in a running conversation has to be answered as itself, not as a follow-up of another
// subject (switchDev, switchHeldOut).
// Questions the docs do not answer go to POST /api/ask too: bench/answers/unanswerable-dev.json
// (15, to tune on) and bench/answers/unanswerable.json (15, written before any run; never tune
// on it). Each is right when the reply says nothing was found and cites nothing.
// Last, the Next.js documentation (Markdown shipped in node_modules/next/dist/docs) joins the
// same knowledge base, and bench/answers/next-dev.json (20, to tune on) and
// bench/answers/next-held-out.json (20, never tune on it) ask about it: documents of another
// project and another style than the ones the local model was shaped on, written by someone
// who had not seen its answers to them, so they measure how far it carries to a new corpus.
// Then the READMEs of eleven packages in node_modules join too (debug, fast-glob, postgres…),
// asked about in the same blind way (bench/answers/readme-dev.json, 20, to tune on, and
// readme-held-out.json, 20, never tune on it): what a README is full of, option tables, defaults,
// environment variables, installs, as a user asks about them. Then the READMEs are replaced by
// themselves as a web page, a PDF and a Word file (bench/render-formats.ts: pandoc, and Chromium
// for the PDF) and both README sets are asked again over each: htmlReadmeDev, pdfReadmeHeldOut…
// Last of all, tables join: two CSV files (Ubuntu's and Debian's releases, from Debian's
// distro-info-data, copied to bench/answers/tabular) and three JSON files in node_modules (Node.js's
// release schedule and releases, axe-core's rule texts), asked about in the same blind way
// (tabular-dev.json, 20, to tune on, and tabular-held-out.json, 20, never tune on it): a
// version's codename, a release's dates, what a rule checks, as a user asks of a data file.
// Then the TyDi stage (bench/answers/tydi.ts): real questions over encyclopaedia paragraphs, on a knowledge base
// of those paragraphs alone. Last, the office set, on a knowledge base of its own four documents
// (a handbook PDF, an FAQ Word file, a price table, release notes: bench/answers/office.ts).
// BENCH_ANSWERS_ONLY runs some stages only (bench/answers/stages.ts).
// An answer is right when it states the judged fact (the question's `expect` pattern) and
// cites the file that holds it. This measures whichever CHAT_MODEL the server runs: the
// default local model, or a real one. The questions were written from the docs of ai@7.0,
// next@16.4 and the READMEs of the versions package-lock.json names; a later release may move
// or reword a fact, so compare runs of one version.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lastReply, type Reply } from './answers/last-reply';
import { runOfficeAnswers } from './answers/office';
import { needs, runs } from './answers/stages';
import { runTydiStage } from './answers/tydi';
import { FORMATS, formatRenderer, formatsUnavailable } from './render-formats';
import { percentile } from './scifact-data';

interface Options {
  baseUrl: string;
  adminKey: string;
  log: (line: string) => void;
}

export interface Judged {
  question: string;
  /** A case-insensitive pattern that only a right answer matches. */
  expect: string;
  /** The docs file (under node_modules/ai/docs) that states the fact, or each of the files that do. */
  source: string | string[];
}

const docsDir = path.resolve(import.meta.dirname, '..', 'node_modules', 'ai', 'docs');
const nextDocsDir = path.resolve(import.meta.dirname, '..', 'node_modules', 'next', 'dist', 'docs');
const packagesDir = path.resolve(import.meta.dirname, '..', 'node_modules');
/** The tabular sets name their files from the project's root (bench/answers/tabular/…, node_modules/…). */
const rootDir = path.resolve(import.meta.dirname, '..');
/** A conversation whose last reply is judged. */
export interface JudgedConversation extends Omit<Judged, 'question'> {
  turns: string[];
}

/** BENCH_ANSWERS_OUT=file writes every reply (set, question, answer, cited files) as JSON lines, so two runs can be diffed answer by answer. */
const answersOut = process.env.BENCH_ANSWERS_OUT;
const record = (
  set: string,
  asked: string,
  reply: { answer: string; cited: string[] },
  fileOf: Map<string, string>,
) => {
  if (answersOut)
    appendFileSync(
      answersOut,
      `${JSON.stringify({ set, asked, answer: reply.answer, cited: reply.cited.map((id) => fileOf.get(id) ?? id) })}\n`,
    );
};
const load = <T>(name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'answers', name), 'utf8')) as T[];
const sets = { dev: load<Judged>('questions.json'), heldOut: load<Judged>('held-out.json') };
const conversations = {
  followUpsDev: load<JudgedConversation>('follow-ups-dev.json'),
  followUps: load<JudgedConversation>('follow-ups.json'),
};
const judged = [...sets.dev, ...sets.heldOut, ...conversations.followUpsDev, ...conversations.followUps];
const nextSets = { nextDev: load<Judged>('next-dev.json'), nextHeldOut: load<Judged>('next-held-out.json') };
const readmeSets = { readmeDev: load<Judged>('readme-dev.json'), readmeHeldOut: load<Judged>('readme-held-out.json') };
const tabularSets = {
  tabularDev: load<Judged>('tabular-dev.json'),
  tabularHeldOut: load<Judged>('tabular-held-out.json'),
};
const unanswerable = {
  unanswerableDev: load<{ question: string }>('unanswerable-dev.json'),
  unanswerable: load<{ question: string }>('unanswerable.json'),
};

export async function runAnswersBench({ baseUrl, adminKey, log }: Options): Promise<Record<string, number>> {
  const auth = { authorization: `Bearer ${adminKey}` };
  const fileOf = new Map<string, string>();
  /** Uploads files (`file`: the judged path each stands for) and waits until each is ready; returns their ids. */
  const uploadAs = async (items: { name: string; bytes: Uint8Array; file: string }[]) => {
    const form = new FormData();
    for (const item of items) form.append('file', new Blob([item.bytes as BlobPart]), item.name);
    // Rendering the formats blocks this process (pandoc runs synchronously) past the server's keep-alive timeout:
    // the pooled connection is closed under it and the upload fails with EPIPE before the server read a byte.
    const post = () => fetch(`${baseUrl}/api/knowledge/sources`, { method: 'POST', headers: auth, body: form });
    const res = await post().catch((e: Error) =>
      /EPIPE|ECONNRESET/.test(String(e.cause)) ? post() : Promise.reject(e),
    );
    if (res.status !== 202) throw new Error(`upload → ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: { id: string }[] };
    data.forEach((s, i) => fileOf.set(s.id, items[i]!.file));
    for (const { id } of data) {
      for (;;) {
        const s = (await (await fetch(`${baseUrl}/api/knowledge/sources/${id}`, { headers: auth })).json()) as {
          status: string;
          error: string | null;
        };
        if (s.status === 'failed') throw new Error(`${fileOf.get(id)} failed: ${s.error}`);
        if (s.status === 'ready') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return data.map((s) => s.id);
  };
  const upload = (dir: string, files: string[]) =>
    uploadAs(
      files.map((file) => ({
        name: path.basename(file),
        bytes: new Uint8Array(readFileSync(path.join(dir, file))),
        file,
      })),
    );
  const remove = async (ids: string[]) => {
    for (const id of ids) {
      const res = await fetch(`${baseUrl}/api/knowledge/sources/${id}`, { method: 'DELETE', headers: auth });
      if (res.status !== 204) throw new Error(`delete → ${res.status} ${await res.text()}`);
      fileOf.delete(id);
    }
  };
  const sourcesOf = (items: { source: string | string[] }[]) => [...new Set(items.flatMap((q) => q.source))];
  const files = sourcesOf(judged);
  if (needs('docs')) {
    await upload(docsDir, files);
    log(`${judged.length} judged questions over ${files.length} files of the AI SDK docs`);
  }

  const times: number[] = [];
  const ask = async (question: string): Promise<Reply> => {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/ask`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`ask → ${res.status} ${await res.text()}`);
    const { answer, citations } = (await res.json()) as { answer: string; citations: { sourceId: string }[] };
    return { answer, cited: citations.map((c) => c.sourceId) };
  };
  const figures: Record<string, number> = {};
  const judge = async (
    name: string,
    items: { asked: string; expect: string; source: string | string[]; reply: () => Promise<Reply> }[],
  ) => {
    let right = 0;
    let stated = 0;
    let declined = 0;
    for (const q of items) {
      const reply = await q.reply();
      record(name, q.asked, reply, fileOf);
      const { answer, cited } = reply;
      // (as a reader sees it: a link's words, without its address)
      const states = new RegExp(q.expect, 'i').test(
        answer.replace(/\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '$1').replace(/[`*]/g, ''),
      );
      const cites = cited.some((id) => [q.source].flat().includes(fileOf.get(id) ?? ''));
      if (states) stated++;
      if (states && cites) right++;
      else log(`  miss (${name}): ${q.asked}\n        → ${answer.length > 300 ? `${answer.slice(0, 300)}…` : answer}`);
      if (cited.length === 0) declined++;
    }
    const n = items.length;
    log(
      `${name}: right (fact stated, its file cited) ${right}/${n}; fact stated ${stated}/${n}; no answer ${declined}/${n}`,
    );
    Object.assign(figures, {
      [`${name}Questions`]: n,
      [`${name}Right`]: right / n,
      [`${name}FactStated`]: stated / n,
      [`${name}Declined`]: declined / n,
    });
  };
  /** Asks each question of a set through POST /api/ask and judges the replies. */
  const askAll = (name: string, set: Judged[]) =>
    judge(
      name,
      set.map((q) => ({ ...q, asked: q.question, reply: () => ask(q.question) })),
    );
  if (runs('docs')) {
    for (const [name, set] of Object.entries(sets)) await askAll(name, set);
    log(`POST /api/ask p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`);
    Object.assign(figures, { askP50Ms: percentile(times, 50), askP95Ms: percentile(times, 95) });
  }
  for (const [name, set] of Object.entries(runs('unanswerable') ? unanswerable : {})) {
    let declined = 0;
    for (const { question } of set) {
      const reply = await ask(question);
      record(name, question, reply, fileOf);
      const { answer, cited } = reply;
      if (cited.length === 0) declined++;
      else if (name === 'unanswerableDev')
        log(
          `  answered (${name}): ${question}\n        → ${answer.length > 300 ? `${answer.slice(0, 300)}…` : answer}`,
        );
    }
    log(`${name}: said nothing was found ${declined}/${set.length}`);
    Object.assign(figures, { [`${name}Questions`]: set.length, [`${name}Declined`]: declined / set.length });
  }
  for (const [name, set] of Object.entries(runs('follow-ups') ? conversations : {})) {
    await judge(
      name,
      set.map((c) => ({ ...c, asked: c.turns.join(' → '), reply: () => lastReply(baseUrl, auth, c.turns) })),
    );
  }
  const switchSets = { switchDev: sets.dev, switchHeldOut: sets.heldOut };
  for (const [name, set] of Object.entries(runs('follow-ups') ? switchSets : {})) {
    const switched = set.map((q, i) => ({ ...q, turns: [set.at(i - 1)!.question, q.question] }));
    await judge(
      name,
      switched.map((c) => ({ ...c, asked: c.turns.join(' → '), reply: () => lastReply(baseUrl, auth, c.turns) })),
    );
  }
  // Each later corpus joins the same knowledge base, so every earlier figure stays comparable.
  const corpora = [
    { stage: 'next', dir: nextDocsDir, sets: nextSets, what: 'files of the Next.js docs' },
    { stage: 'readme', dir: packagesDir, sets: readmeSets, what: 'package READMEs' },
  ];
  let readmeIds: string[] = [];
  for (const { stage, dir, sets, what } of corpora) {
    if (!needs(stage)) continue;
    const added = sourcesOf(Object.values(sets).flat());
    const ids = await upload(dir, added);
    if (sets === readmeSets) readmeIds = ids;
    log(`${added.length} ${what} added`);
    if (runs(stage)) for (const [name, set] of Object.entries(sets)) await askAll(name, set);
  }
  // Last, the READMEs take the place of their Markdown as each other format people upload: the
  // same questions over the same knowledge base, so what a parser loses shows as answers lost.
  const unavailable = needs('formats') && formatsUnavailable();
  if (unavailable) log(`formats skipped: ${unavailable}`);
  else if (!runs('formats')) await remove(readmeIds);
  else {
    const readmes = sourcesOf(Object.values(readmeSets).flat());
    await remove(readmeIds);
    const renderer = await formatRenderer();
    try {
      for (const format of FORMATS) {
        const items = [];
        for (const file of readmes) {
          const name = path.dirname(file);
          items.push({
            name: `${name}.${format}`,
            bytes: await renderer.render(path.join(packagesDir, file), name, format),
            file,
          });
        }
        const ids = await uploadAs(items);
        log(`${readmes.length} package READMEs added as ${format}`);
        for (const [name, set] of Object.entries(readmeSets)) {
          await askAll(`${format}${name[0]!.toUpperCase()}${name.slice(1)}`, set);
        }
        await remove(ids);
      }
    } finally {
      await renderer.close();
    }
  }
  // The tables join after the READMEs' formats, so no earlier figure has them in the knowledge base.
  if (runs('tables')) {
    const tables = sourcesOf(Object.values(tabularSets).flat());
    await upload(rootDir, tables);
    log(`${tables.length} data files (CSV and JSON) added`);
    for (const [name, set] of Object.entries(tabularSets)) await askAll(name, set);
  }
  // TyDi asks over a knowledge base of its own paragraphs: the stage removes every source above first.
  if (runs('tydi')) Object.assign(figures, await runTydiStage({ baseUrl, auth, log, ask, added: [...fileOf.keys()] }));
  // The office set last, on a knowledge base of its own four documents (the stage empties it first).
  if (runs('office')) {
    const converse = (turns: string[]) => lastReply(baseUrl, auth, turns);
    Object.assign(figures, await runOfficeAnswers({ baseUrl, auth, log, uploadAs, remove, ask, converse, judge }));
  }
  return figures;
}
