// The fixed split of TyDi QA GoldP English (../shared/bench/tydiqa-goldp-en/train.json) into a
// part to tune the local model on and a part only ever reported. A paragraph and all its
// questions land in one part: by the first byte of the SHA-256 of the paragraph's text (< 128:
// tune, else report). Each part's sample is its questions ordered by SHA-256 of SAMPLE_SEED, the
// question id and its text (ids repeat across articles), one question per paragraph, the first
// `size` of them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const TYDI_FILE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'bench', 'tydiqa-goldp-en', 'train.json');
const SAMPLE_SEED = 'groundwork-tydi-2026-12';

export interface TydiQuestion {
  id: string;
  question: string;
  answers: string[];
  context: string;
}

export type TydiPart = 'tune' | 'report';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The part a paragraph belongs to. */
export function partOf(context: string): TydiPart {
  return sha256(context)[0]! < 128 ? 'tune' : 'report';
}

/** The sample of a part: `size` questions, each of its own paragraph; undefined when the data is not there. */
export function tydiSample(part: TydiPart, size: number, file = TYDI_FILE): TydiQuestion[] | undefined {
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    data: { paragraphs: { context: string; qas: { id: string; question: string; answers: { text: string }[] }[] }[] }[];
  };
  const questions = data.data
    .flatMap((article) => article.paragraphs)
    .filter((p) => partOf(p.context) === part)
    .flatMap((p) =>
      p.qas.map((qa) => ({
        id: qa.id,
        question: qa.question,
        answers: qa.answers.map((a) => a.text),
        context: p.context,
      })),
    );
  const order = (q: TydiQuestion) => sha256(`${SAMPLE_SEED}${q.id}\n${q.question}`).toString('hex');
  questions.sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const seen = new Set<string>();
  return questions.filter((q) => !seen.has(q.context) && seen.add(q.context)).slice(0, size);
}
