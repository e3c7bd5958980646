// The office stage of the answers bench, run last: a small company's documents as people keep them,
// an employee handbook uploaded as a PDF, a customer FAQ as a Word file (both rendered from their
// Markdown in bench/answers/office by bench/render-formats.ts), a price table as CSV and release
// notes as Markdown. The knowledge base holds these four alone: every source an earlier stage
// added is deleted first, and the four are deleted at the end. bench/answers/office-dev.json (to
// tune on) and office-held-out.json (written before any run, never tuned on; its misses are logged
// as every set's are, and nobody reads them to tune) mix plain questions, typos as people type
// them, comparisons, table lookups and release headlines, asked through POST /api/ask, with
// follow-ups asked as conversations (`turns`). office-unanswerable-dev.json and
// office-unanswerable-held-out.json ask what the documents do not say, right when nothing is cited.
// Beside the judged figures, the mean words of a reply (as a reader sees it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Judged, JudgedConversation } from '../answers';
import type { Reply } from './last-reply';
import { type Format, formatRenderer, formatsUnavailable } from '../render-formats';

type Item = { asked: string; expect: string; source: string | string[]; reply: () => Promise<Reply> };

export interface OfficeStage {
  baseUrl: string;
  auth: Record<string, string>;
  log: (line: string) => void;
  uploadAs: (items: { name: string; bytes: Uint8Array; file: string }[]) => Promise<string[]>;
  remove: (ids: string[]) => Promise<void>;
  ask: (question: string) => Promise<Reply>;
  /** The last reply of a conversation of these turns. */
  converse: (turns: string[]) => Promise<Reply>;
  /** Judges the replies and adds `${name}Right`… to the bench's figures. */
  judge: (name: string, items: Item[]) => Promise<void>;
}

const dir = path.join(import.meta.dirname, 'office');
const load = <T>(name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, name), 'utf8')) as T[];
const sets = {
  officeDev: load<Judged | JudgedConversation>('office-dev.json'),
  officeHeldOut: load<Judged | JudgedConversation>('office-held-out.json'),
};
const unanswerable = {
  officeUnanswerableDev: load<{ question: string }>('office-unanswerable-dev.json'),
  officeUnanswerableHeldOut: load<{ question: string }>('office-unanswerable-held-out.json'),
};
/** Each document as uploaded (the name the sets cite) and the file it is made from. */
const documents: { name: string; from: string; format?: Format }[] = [
  { name: 'employee-handbook.pdf', from: 'employee-handbook.md', format: 'pdf' },
  { name: 'customer-faq.docx', from: 'customer-faq.md', format: 'docx' },
  { name: 'tidepool-plans.csv', from: 'tidepool-plans.csv' },
  { name: 'release-notes.md', from: 'release-notes.md' },
];

/** A reply's words as a reader sees them: a link's text without its address, table pipes not counted. */
export const wordsOf = (answer: string) =>
  answer
    .replace(/\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '$1')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export async function runOfficeAnswers(stage: OfficeStage): Promise<Record<string, number>> {
  const { baseUrl, auth, log } = stage;
  const unavailable = formatsUnavailable();
  if (unavailable) {
    log(`office set skipped: ${unavailable}`);
    return {};
  }
  const renderer = await formatRenderer();
  const items = [];
  try {
    for (const { name, from, format } of documents) {
      const file = path.join(dir, from);
      const bytes = format
        ? await renderer.render(file, path.basename(name, `.${format}`), format)
        : new Uint8Array(readFileSync(file));
      items.push({ name, bytes, file: name });
    }
  } finally {
    await renderer.close();
  }
  await removeEverySource(stage);
  const ids = await stage.uploadAs(items);
  // What a parser loses shows here first: the words each document's text kept of its source.
  for (const [i, id] of ids.entries()) {
    const text = await (await fetch(`${baseUrl}/api/knowledge/sources/${id}/text`, { headers: auth })).text();
    const source = readFileSync(path.join(dir, documents[i]!.from), 'utf8');
    log(`${documents[i]!.name}: ${wordsOf(text)} words of text (its source ${wordsOf(source)})`);
  }
  log(`the office knowledge base: ${documents.map((d) => d.name).join(', ')}`);

  const figures: Record<string, number> = {};
  for (const [name, set] of Object.entries(sets)) {
    const words: number[] = [];
    await stage.judge(
      name,
      set.map((q) => {
        const turns = 'turns' in q ? q.turns : [q.question];
        return {
          ...q,
          asked: turns.join(' → '),
          reply: async () => {
            const reply = turns.length > 1 ? await stage.converse(turns) : await stage.ask(turns[0]!);
            words.push(wordsOf(reply.answer));
            return reply;
          },
        };
      }),
    );
    figures[`${name}MeanWords`] = words.reduce((a, b) => a + b, 0) / words.length;
    log(`${name}: mean reply ${figures[`${name}MeanWords`]!.toFixed(1)} words`);
  }
  for (const [name, set] of Object.entries(unanswerable)) {
    let declined = 0;
    for (const { question } of set) {
      const { answer, cited } = await stage.ask(question);
      if (cited.length === 0) declined++;
      else log(`  answered (${name}): ${question}\n        → ${answer.length > 300 ? `${answer.slice(0, 300)}…` : answer}`);
    }
    log(`${name}: said nothing was found ${declined}/${set.length}`);
    Object.assign(figures, { [`${name}Questions`]: set.length, [`${name}Declined`]: declined / set.length });
  }
  await stage.remove(ids);
  return figures;
}

/** Empties the knowledge base of what earlier stages added, so the office documents are all it holds. */
async function removeEverySource({ baseUrl, auth, log }: OfficeStage) {
  let removed = 0;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/knowledge/sources?limit=100`, { headers: auth });
    if (!res.ok) throw new Error(`list sources → ${res.status} ${await res.text()}`);
    const ids = ((await res.json()) as { data: { id: string }[] }).data.map((s) => s.id);
    if (ids.length === 0) break;
    const deleted = await fetch(`${baseUrl}/api/knowledge/sources/delete`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    if (!deleted.ok) throw new Error(`delete sources → ${deleted.status} ${await deleted.text()}`);
    removed += ids.length;
  }
  log(`${removed} sources of the earlier stages deleted`);
}
