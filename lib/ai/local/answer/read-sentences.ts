// The passages read as sentences, each with its terms and the sentence it is read with.
import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import { contentTerms, sentenceParts } from '@/lib/ai/question-plan/text-terms';
import { codeExample, SHORT_CODE_LINES } from './how-to';
import {
  ADDRESSES_THE_ASSISTANT,
  clean,
  LABELLED_FACT,
  LIST_ITEM,
  plain,
  POINTS_BACK,
  POINTS_ELSEWHERE,
  type Sentence,
} from './sentence';

/** The passages as sentences: each with its terms, its lead and its place (see `Sentence`). */
export function readSentences(sources: PromptSource[]): { sentences: Sentence[]; shortItems: Sentence[] } {
  const sentences: Sentence[] = [];
  // List items too short to be answers of their own ("`Buffer`", "binary image:"), which a list
  // shown whole still holds.
  const shortItems: Sentence[] = [];
  sources.forEach((source, rank) => {
    // A sentence is about what its document is about: "What does the security policy say?"
    // asks for sentences that need not repeat the title.
    const titleTerms = new Set(contentTerms(source.title));
    let previous: Sentence | undefined;
    let intro: Sentence | undefined;
    let inItem = false; // the block under way is a list item
    let section = titleTerms; // with the words of the heading above
    let headingTerms: Set<string> | undefined; // those words alone
    let headingText: string | undefined;
    // "Type: `Number`" and "Default: `50`", each alone under "### options.width", are facts about
    // what the heading names: they are read, and shown, as one sentence with it ("options.width —
    // Type: `Number`; Default: `50`"), which leads the sentence right after them, the description.
    let facts: Sentence | undefined;
    sentenceParts(source.text).forEach(
      ({ text: raw, header, cells, key, column, fields, continues, depth, code }, position) => {
        const heading = /^\s*#/.test(raw);
        const cleaned = clean(raw);
        const fact =
          !heading &&
          headingText !== undefined &&
          !LIST_ITEM.test(raw) &&
          LABELLED_FACT.test(cleaned) &&
          cleaned.split(' ').length <= 5;
        if (fact && facts && previous === facts) {
          facts.text += `; ${cleaned}`;
          for (const t of contentTerms(cleaned)) facts.terms.add(t);
          return;
        }
        // "## Installation" over nothing but its code (`npm install fast-glob`) says what the code is
        // for, as a sentence leading into it would: "Installation:" is a sentence that shows it.
        const headsCode = heading && code !== undefined && codeExample(code) !== undefined && !/[.!?:]$/.test(cleaned);
        const text = fact ? `${headingText} — ${cleaned}` : headsCode ? `${cleaned}:` : cleaned;
        if (heading)
          [section, headingTerms, headingText, facts] = [
            new Set([...titleTerms, ...contentTerms(cleaned)]),
            new Set(contentTerms(cleaned)),
            cleaned,
            undefined,
          ];
        if (!continues) inItem = LIST_ITEM.test(raw);
        // A list item's later sentences ("This is the default.") are part of it: the list goes on after them.
        const ofItem = continues && inItem;
        const item = LIST_ITEM.test(raw);
        const addressesTheAssistant = ADDRESSES_THE_ASSISTANT.some((re) => re.test(raw));
        if (addressesTheAssistant || (text.split(' ').length < 3 && !headsCode)) {
          if (item && text && !addressesTheAssistant)
            shortItems.push({
              n: source.n,
              rank,
              position,
              continues: false,
              text,
              terms: new Set(),
              titleTerms: new Set(),
              item,
              depth,
              pointer: false,
            });
          else if (!ofItem) previous = intro = undefined;
          return;
        }
        // A table row's header names are what its cells are about, as a title is for a sentence:
        // every row repeats them, so they cannot make one row the answer.
        // (a heading over a command or two says their words too: "Installation:" over `npm install fast-glob`)
        const shortCode = headsCode && code.split('\n').length <= 2 + SHORT_CODE_LINES ? code : '';
        const terms = new Set(contentTerms(cells ? clean(cells) : `${text} ${shortCode.replace(/^.*$/m, '')}`));
        const pointsBack = POINTS_BACK.test(text) ? previous : undefined;
        // In an item, "This is the default." is about the item; after one, more likely about the list.
        const lead = item
          ? intro
          : ofItem || (pointsBack && !pointsBack.item && !pointsBack.text.endsWith(':'))
            ? pointsBack
            : !continues && facts && previous === facts
              ? facts
              : undefined;
        const sentence: Sentence = {
          n: source.n,
          rank,
          position,
          continues: continues === true,
          heading,
          text,
          terms,
          titleTerms: header ? new Set([...section, ...contentTerms(clean(header))]) : heading ? titleTerms : section,
          item,
          ofItem,
          pointer: POINTS_ELSEWHERE.test(plain(text)),
          lead,
          depth,
          code,
        };
        if (headsCode) sentence.codeHeading = true;
        if (headingTerms && !heading) sentence.headingTerms = headingTerms;
        if (key)
          [sentence.keyTerms, sentence.key, sentence.column, sentence.fields, sentence.sectionTerms] = [
            new Set(contentTerms(clean(key))),
            clean(key),
            column,
            fields,
            section,
          ];
        if (fact) facts = sentence;
        sentences.push(sentence);
        // Facts that lead a description are read, and shown, with it, not on their own.
        if (lead && lead === facts) sentences.splice(sentences.indexOf(facts), 1);
        previous = heading ? undefined : sentence;
        if (!item && !ofItem) intro = !heading && text.endsWith(':') ? sentence : undefined;
      },
    );
  });
  return { sentences, shortItems };
}
