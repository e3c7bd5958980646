// The TyDi stage of the answers bench: real questions over encyclopaedia paragraphs, each part (tydi-data.ts: a
// fixed split and a fixed sample of 200) asked over a knowledge base of its sample's paragraphs alone, judged as
// ../shared/bench/tydiqa-goldp-en/README.md says (tydi-score.ts), beside two offline baselines (tydi-baselines.ts).
// Misses of the tune part are logged; the report part shows only its aggregate figures, never a question or a
// reply, so nobody tunes on it.
import { appendFileSync } from 'node:fs';
import { percentile } from '../scifact-data';
import { tydiBaselines } from './tydi-baselines';
import { loadTydi, sampleTydi, type TydiPart, type TydiQuestion } from './tydi-data';
import { containsAnswer, firstSentence, wordCount } from './tydi-score';
import { clearBenchSources, deleteSources, ingestParagraphs } from './tydi-sources';

interface Options {
  baseUrl: string;
  auth: Record<string, string>;
  log: (line: string) => void;
  ask: (question: string) => Promise<{ answer: string; cited: string[] }>;
  /** The sources the bench added before this stage: removed, so each part's knowledge base is its paragraphs alone. */
  added: string[];
}

/**
 * The server keeps BM25's corpus statistics (chunk count, mean length) for 30 s (lib/knowledge/index/corpus-stats.ts),
 * and the search routes kept them across this stage's deletions and ingestion: a part asked sooner after the knowledge
 * base changed is ranked with the statistics of the one before (seen: 4 first citations of 200 changed after a full run).
 */
const CORPUS_STATS_TTL_MS = 31_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** BENCH_TYDI_SAMPLE=n asks the first n questions of each part's sample, for a quick run (its figures are noisier). */
function sampleSize(): number {
  const size = Number(process.env.BENCH_TYDI_SAMPLE ?? 200);
  if (!Number.isInteger(size) || size < 1) throw new Error('BENCH_TYDI_SAMPLE must be a whole number above 0');
  return size;
}

export async function runTydiStage({ baseUrl, auth, log, ask, added }: Options): Promise<Record<string, number>> {
  const all = loadTydi();
  if (typeof all === 'string') {
    log(`tydi skipped: ${all}`);
    return {};
  }
  const api = { baseUrl, auth };
  const started = performance.now();
  const { others, deleted } = await clearBenchSources(api, added);
  if (others > 0) log(`tydi: ${others} sources the bench did not add stay in the knowledge base; figures will differ`);
  // Statistics a search computed before this stage (a running server's may be from any earlier run) must lapse.
  let lastAsked = deleted > 0 || others > 0 || process.env.BENCH_BASE_URL ? performance.now() : -Infinity;
  const figures: Record<string, number> = {};
  for (const part of ['tune', 'report'] as const) {
    const name = part === 'tune' ? 'tydiTune' : 'tydiReport';
    const sample = sampleTydi(all, part, sampleSize());
    const ingestStarted = performance.now();
    const ids = await ingestParagraphs(api, sample.map((q) => q.context));
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    log(`${name}: ${sample.length} paragraphs ingested in ${ingestSeconds.toFixed(1)} s`);
    try {
      await sleep(lastAsked + CORPUS_STATS_TTL_MS - performance.now());
      const replies = await askPart({ name, part, sample, ids, ask, log });
      lastAsked = performance.now();
      const baselines = tydiBaselines(sample);
      Object.assign(figures, { [`${name}Questions`]: sample.length, ...replies, [`${name}IngestSeconds`]: ingestSeconds });
      for (const [figure, value] of Object.entries(baselines))
        figures[`${name}${figure[0]!.toUpperCase()}${figure.slice(1)}`] = value;
      const pct = (x: number | undefined) => `${((x ?? 0) * 100).toFixed(1)} %`;
      log(
        `${name}: contains ${pct(replies[`${name}Contains`])}, first sentence ${pct(replies[`${name}FirstSentenceContains`])}, ` +
          `first citation right ${pct(replies[`${name}FirstCitationRight`])}, mean ${replies[`${name}MeanWords`]?.toFixed(1)} words, ` +
          `declined ${pct(replies[`${name}Declined`])}; baselines: BM25 top paragraph right ${pct(baselines.bm25ParagraphRight)}, ` +
          `holds the answer ${pct(baselines.bm25Contains)}, its sentence ${pct(baselines.bm25FirstSentenceContains)}; ` +
          `right paragraph's sentence ${pct(baselines.oracleFirstSentenceContains)}`,
      );
    } finally {
      await deleteSources(api, ids);
    }
  }
  log(`tydi: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return figures;
}

/** Asks each question of a part and judges the replies; returns the part's figures. */
async function askPart({
  name,
  part,
  sample,
  ids,
  ask,
  log,
}: {
  name: string;
  part: TydiPart;
  sample: TydiQuestion[];
  ids: string[];
  ask: Options['ask'];
  log: Options['log'];
}): Promise<Record<string, number>> {
  const answersOut = process.env.BENCH_ANSWERS_OUT;
  const counts = { contains: 0, firstSentence: 0, citation: 0, words: 0, declined: 0 };
  const times: number[] = [];
  for (const [i, q] of sample.entries()) {
    const t = performance.now();
    const { answer, cited } = await ask(q.question);
    times.push(performance.now() - t);
    const contains = containsAnswer(answer, q.answers);
    const inFirst = containsAnswer(firstSentence(answer), q.answers);
    const citation = cited[0] === ids[i];
    counts.contains += Number(contains);
    counts.firstSentence += Number(inFirst);
    counts.citation += Number(citation);
    counts.words += wordCount(answer);
    counts.declined += Number(cited.length === 0);
    // Only the tune part is ever shown or written down.
    if (part !== 'tune') continue;
    if (answersOut) {
      const record = { set: name, asked: q.question, expected: q.answers, answer, citedRight: citation };
      appendFileSync(answersOut, `${JSON.stringify(record)}\n`);
    }
    if (!inFirst || !citation) {
      const what = [!inFirst && (contains ? 'not first' : 'not stated'), !citation && 'other citation'].filter(Boolean);
      log(
        `  miss (${name}, ${what.join(', ')}): ${q.question}\n        expected: ${q.answers.join(' | ')}\n` +
          `        → ${answer.length > 300 ? `${answer.slice(0, 300)}…` : answer}`,
      );
    }
  }
  const n = sample.length;
  return {
    [`${name}Contains`]: counts.contains / n,
    [`${name}FirstSentenceContains`]: counts.firstSentence / n,
    [`${name}FirstCitationRight`]: counts.citation / n,
    [`${name}MeanWords`]: counts.words / n,
    [`${name}Declined`]: counts.declined / n,
    [`${name}AskP50Ms`]: percentile(times, 50),
  };
}
