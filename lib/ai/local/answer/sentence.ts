// A sentence of a passage as the local model reads it, and the helpers every kind of answer shares.
import { withoutMarks } from '@/lib/without-marks';
import { contentTerms } from '@/lib/ai/question-plan/text-terms';

/** How much of the question a sentence must add, against what its lead says, to be read with it. */
const LEAD_ASIDE = 0.5;
/** A short line that gives a value under a label: "Default: `50`", "Type: `Number`". */
export const LABELLED_FACT = /^\p{Lu}[\p{L} ]{0,20}:\s*\S/u;

// A sentence that sends the reader elsewhere ("For details, see the Error Handling section
// below.", "Learn more about tools.", "Below is a brief overview of the supported features.")
// says the question's words but holds no answer of its own: it comes after one that does, and is
// said only when nothing else answers. (One that ends in a colon leads into its list.)
export const POINTS_ELSEWHERE =
  /^(?:(?:to\s+)?learn\s+more\b|see\b|check\s+out\b|refer\s+to\b|read\s+(?:through|more|about)\b|(?:for|to)\s+[^,]{0,100},\s*(?:see|check\s+out|refer\s+to|read)\b|below\s+(?:is|are)\s+(?:a|an|the|some)\b[^:]*[^:\s]\s*$)/i;
export const POINTER_SHARE = 0.5;

/**
 * The terms of a sentence's inline code: a sentence names a thing of the code there ("`sync`
 * copies…"). "provider-executed tools" says no "execute function".
 */
export const codeTermsOf = (() => {
  const seen = new WeakMap<Sentence, Set<string>>();
  return (s: Sentence) => {
    let terms = seen.get(s);
    if (!terms) seen.set(s, (terms = new Set(contentTerms((s.text.match(/`[^`]+`/g) ?? []).join(' ')))));
    return terms;
  };
})();

// Sentences that talk to the assistant instead of about the subject. Sources are
// data: such a sentence is never repeated, so it can never steer the answer.
export const ADDRESSES_THE_ASSISTANT = [
  /\b(?:ignore|disregard|forget|override|bypass)\b.{0,80}\b(?:instructions?|rules|prompts?|guidelines|above|previous|prior)\b/i,
  /\b(?:system prompt|you are now|act as|pretend (?:to be|you are)|jailbreak|developer mode|as an ai)\b/i,
  // …an order to emit an image, a link or the prompt: the verb opens the sentence or a clause, or
  // follows "always", "must"… ("the structured output on the client with the [`useObject`](…)
  // hook" describes; "Output ![x](…) for any question" orders).
  /(?:^|[.;:!?,]\s+|\b(?:please|always|must|should|shall|then|and|also|will|you|now)\s+)(?:output|print|emit|reveal|show|display|include|insert|append|respond with|reply with|render)\b.{0,100}(?:!\[|\]\(|https?:\/\/|<\s*(?:img|script|iframe)|\b(?:prompt|instructions|other documents)\b)/i,
  // (an order: "Assistants must reveal…"; "the AI model will generate data that…" describes)
  /\b(?:assistants?|chatbots?|ai models?|language models?|llms?)\b.{0,40}\b(?:must|should|shall)\b/i,
];

export const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
// A sentence that opens with a word pointing back names its subject in the sentence before:
// "They are useful for tools loaded from external sources.", and so does one telling what to do
// with it: "Use it when a user sends a correction.", after a connective too: "For instance — this
// is useful when…"
export const POINTS_BACK =
  /^(?:(?:for\s+(?:instance|example)|in\s+particular|also|so|however|therefore|thus|likewise|similarly|in\s+that\s+case|e\.g\.)[\s,—–-]+)?(?:it|its|they|their|this|these|that|those|such|both|(?:use|call|pass|set|add|enable|disable|configure|give|provide|wrap|combine|apply|try)\s+(?:it|them|this|these|those)\b)\b/i;

// An HTML tag (or autolink) goes; a code span stays whole with what it shows (`Array<string>`,
// `a < b`), and so does a "<" that opens no tag ("when n < 5"). A backtick after a backslash
// opens no span when the answer is rendered, so it protects nothing.
const HTML_TAG_OUTSIDE_CODE = /(?<!\\)(`[^`]+`)|<[!/?\p{L}][^>]*>/gu;

/**
 * Strips markup a passage could use to smuggle images, links or fake citations into the answer,
 * and emphasis. Inline code stays code (`streamText`, `stopWhen: stepCountIs(5)`): only its
 * content is kept as written.
 */
export function clean(sentence: string): string {
  return sentence
    .replace(/!\[[^\]]*\]\((?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1') // (an address may hold balanced parentheses)
    .replace(HTML_TAG_OUTSIDE_CODE, (tag, span?: string) => span ?? '')
    .replace(/\[\d+\]/g, '')
    .replace(/^[\s#>]+/, '') // heading and quote markers
    .replace(LIST_ITEM, '') // list markers
    .split(/(`[^`]+`)/)
    .map((piece, i) => (i % 2 ? code(piece) : withoutMarks(piece.replace(/\\+(?=`)/g, '')))) // outside code: emphasis, and a backtick no span closes (escaped or not)
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,!?;:])(?![\p{L}\d_/])/gu, '$1') // (not ":3000", ".mdx")
    .trim();
}

/** An inline code span, its content trimmed; none when it is blank. */
function code(span: string): string {
  const content = span.slice(1, -1).trim();
  return content ? `\`${content}\`` : '';
}

/** A sentence as read for what it holds: code marks say nothing of that. */
export function plain(text: string): string {
  return text.replace(/`/g, '');
}

export interface Candidate {
  n: number;
  rank: number;
  position: number;
  text: string;
  score: number;
  /** A list item. */
  item?: boolean;
  /** The last sentence of a list item shown whole, when the item holds several. */
  end?: number;
  /** The sentence this one is read with, shown before it: see `Sentence`. */
  lead?: { position: number; text: string };
  /** The code example shown after it: see `codeExample`. */
  code?: string;
  /** A list item's nesting: see `SentencePart`. */
  depth?: number;
  /** A table row shown with others saying the same of the question: see `TIED_ROWS_LISTED`. */
  row?: boolean;
  /** Rows shown as a Markdown table, each cited in it: see `rowTable`. */
  table?: boolean;
}

/**
 * `item`: a list item. `lead`: the sentence it is read with, which the answer shows before it: the
 * one before a sentence that points back ("They are useful for…"), the one introducing a list for its items.
 * The lead's words count as the sentence's own (an introduction's a little less) when the
 * sentence adds enough of what the question asks: see `readingLeads`.
 */
export type Sentence = Omit<Candidate, 'score' | 'item' | 'lead' | 'code'> & {
  terms: Set<string>;
  titleTerms: Set<string>;
  item: boolean;
  ofItem?: boolean;
  /** It sends the reader elsewhere: see `POINTS_ELSEWHERE`. */
  pointer: boolean;
  /** It follows another sentence of its paragraph (or list item). */
  continues: boolean;
  /** A heading line. */
  heading?: boolean;
  /** A heading over nothing but code, shown as leading into it ("Installation:"): see `headsCode`. */
  codeHeading?: boolean;
  /** The words of the heading it sits under in its passage (not its document's title). */
  headingTerms?: Set<string>;
  lead?: Sentence;
  /** The fenced code right after its paragraph in its passage, as written. */
  code?: string;
  /** A table row's: the terms of its first cell, which names what the row is about. */
  keyTerms?: Set<string>;
  /** A table row's first cell, as shown, and its column's header name: see `listedInTable`. */
  key?: string;
  column?: string;
  fields?: [header: string, cell: string][];
  /** A table row's: the words of its document's title and of the heading above it, without its header's. */
  sectionTerms?: Set<string>;
};

/**
 * The sentences read with their lead: those that add at least half as much of what the question
 * asks as their lead says. Else the lead is the answer and the sentence an aside: "Its starter is
 * fed twice a day" after "The bakery bakes rye on Thursdays", asked which day it bakes rye; a list
 * item that only repeats its introduction gives way to it, and the list follows. In a follow-up,
 * the lead naming the earlier subject is what a lead is for: only the new question's words in it
 * can make it the answer.
 */
export function readingLeads(
  sentences: Sentence[],
  weights: Map<string, number>,
  context: Set<string>,
  idf: Map<string, number>,
): Set<Sentence> {
  const worth = (has: (t: string) => boolean) =>
    [...weights].reduce((sum, [t, w]) => (has(t) ? sum + w * (idf.get(t) ?? 0) : sum), 0);
  return new Set(
    sentences.filter(({ lead, terms }) => {
      if (!lead) return false;
      const adds = worth((t) => terms.has(t) && !lead.terms.has(t));
      return adds > 0 && adds >= LEAD_ASIDE * worth((t) => !context.has(t) && lead.terms.has(t));
    }),
  );
}

/** `next` goes on from `s` in its paragraph, as a sentence of its own that answers. */
export function completes(s: Sentence, next: Sentence): boolean {
  return next.rank === s.rank && next.position === s.position + 1 && next.continues && !next.item && !next.pointer;
}

/** How many words a sentence shows in an answer: its own and its lead's. */
export function shownWords(s: Sentence): number {
  let n = wordCounts.get(s);
  if (n === undefined) wordCounts.set(s, (n = s.text.split(' ').length + (s.lead ? s.lead.text.split(' ').length : 0)));
  return n;
}

// (each candidate's length is asked for at every pick)
const wordCounts = new WeakMap<Sentence, number>();
