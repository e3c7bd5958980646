// The TyDi QA GoldP English set (../shared/bench/tydiqa-goldp-en, its README gives the scoring protocol),
// split and sampled the same way on every run and every machine.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface TydiQuestion {
  id: string;
  question: string;
  /** The gold answers: spans of `context`. */
  answers: string[];
  /** The paragraph that answers it. */
  context: string;
}

export type TydiPart = 'tune' | 'report';

/** Changing it changes every sample: figures of two seeds do not compare. */
const SAMPLE_SEED = 'groundwork-tydi-sample-1';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Beside the repository, like SciFact (CI clones put shared/ there too). */
const root = path.resolve(import.meta.dirname, '..', '..');
export const tydiFile = path.resolve(root, '..', 'shared', 'bench', 'tydiqa-goldp-en', 'train.json');

/** Every question with its paragraph, or why the set cannot be read. */
export function loadTydi(file = tydiFile): TydiQuestion[] | string {
  if (!existsSync(file)) return `${file} not found`;
  const { data } = JSON.parse(readFileSync(file, 'utf8')) as {
    data: {
      paragraphs: { context: string; qas: { id: string; question: string; answers: { text: string }[] }[] }[];
    }[];
  };
  return data.flatMap((article) =>
    article.paragraphs.flatMap(({ context, qas }) =>
      qas.map((q) => ({ id: String(q.id), question: q.question, answers: q.answers.map((a) => a.text), context })),
    ),
  );
}

/**
 * The fixed split: a paragraph goes to `tune` when the first byte of the sha256 of its text is below 128, else to
 * `report`, so a paragraph (some appear under several questions) and all its questions land in one part, about half
 * each. The report part is only ever looked at as aggregate figures.
 */
export const partOf = (context: string): TydiPart => (sha256(context)[0]! < 128 ? 'tune' : 'report');

/**
 * The fixed sample of a part: its questions ordered by sha256(SAMPLE_SEED + id), the first `size` of them, skipping a
 * question whose paragraph an earlier one already brought (one question per paragraph). A smaller size takes a
 * prefix of the larger sample.
 */
export function sampleTydi(all: TydiQuestion[], part: TydiPart, size: number): TydiQuestion[] {
  const ordered = all
    .filter((q) => partOf(q.context) === part)
    .map((q) => ({ q, key: sha256(SAMPLE_SEED + q.id).toString('hex') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = new Set<string>();
  const sample: TydiQuestion[] = [];
  for (const { q } of ordered) {
    if (sample.length >= size) break;
    if (seen.has(q.context)) continue;
    seen.add(q.context);
    sample.push(q);
  }
  return sample;
}

/** A source's title: the paragraph's first 8 words (never the question id, which would leak into search). */
export const titleOf = (context: string) => context.trim().split(/\s+/).slice(0, 8).join(' ');
