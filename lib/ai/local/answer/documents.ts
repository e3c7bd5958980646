// Questions that name a document by its title: answered from that document.
import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import { bareTitle } from '@/lib/bare-title';
import { namedTitle } from '../named-documents';
import { contentTerms } from '@/lib/ai/question-plan/text-terms';

/** The titles of the passages' documents the question names (see namedTitle), each as its terms. */
export function titlesNamed(sources: PromptSource[], asked: Map<string, number>): string[][] {
  const named = new Map<string, string[]>();
  for (const { title } of sources) {
    const terms = namedTitle(title, asked);
    if (terms) named.set(terms.join(' '), terms);
  }
  return [...named.values()];
}

/** The passage is of the document titled so, or says every word of its title. */
export function namesTitle(passage: PromptSource, terms: string[]): boolean {
  const said = new Set(contentTerms(`${bareTitle(passage.title)}\n${passage.text}`));
  return terms.every((t) => said.has(t));
}
