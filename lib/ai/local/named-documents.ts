import { bareTitle } from '@/lib/bare-title';
import { englishCount } from '@/lib/english-words';
import { contentTerms, wordsOf } from '@/lib/ai/question-plan/text-terms';

/** A title word that names a thing rather than says one: rare in everyday English ("glob", "uuid", "postgres"; not "getting started"). */
const NAME_COUNT = 100;

/**
 * The terms of a title the question names (`asked`: its terms), or undefined: the question says
 * every word of it, and one of them is a name (NAME_COUNT). "Which options does fast-glob accept?"
 * names "fast-glob.docx"; "How do I get started?" names no "Getting started" page.
 */
export function namedTitle(title: string, asked: { has(term: string): boolean }): string[] | undefined {
  const bare = bareTitle(title);
  const terms = contentTerms(bare);
  if (terms.length === 0 || !terms.every((t) => asked.has(t))) return undefined;
  return wordsOf(bare).some((w) => englishCount(w) < NAME_COUNT) ? terms : undefined;
}
