// Comparisons ("What is the difference between X and Y?"): each side answered as "what is it?", or a table
// setting them side by side.
import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import { naming, subjectColumns, titles } from '@/lib/ai/question-plan/compared-subjects';
import { contentTerms, SEPARATOR_CELL, tableCells } from '@/lib/ai/question-plan/text-terms';
import { withLists } from './lists';
import { render } from './render';
import { namedColumns, rowNamed, rowTable } from './row-table';
import { select } from './select';
import { ADDRESSES_THE_ASSISTANT, type Candidate, type Sentence, clean, plain } from './sentence';

/** Words of a comparison question that say how it compares, not what: "difference", "better"… */
export const COMPARING = new Set(
  contentTerms(
    'difference differ different compare comparison versus vs better best same instead rather use distinguish',
  ),
);
/** How `select` weighs sentences for one side of a comparison. */
type Scoring = Parameters<typeof select>[1];
/** Words one side of a comparison shows at most. */
export const SIDE_WORDS = 70;
/** Sentences the opening of a section shows at most, as one side of a comparison. */
const OPENING_SENTENCES = 2;

/**
 * "What is the difference between generateText and streamText?" is answered with what the
 * passages say of each, a paragraph each, after a list that sets the two side by side if one
 * does ("two functions…: `generateText`: Generates text…; `streamText`: Streams text…"). Of
 * each: the opening of the section about it (a passage under a heading naming it, where
 * documentation says what a thing is and what it is for), else the sentences that best say
 * something of it and nothing of the other. A side nothing is found about is said to be so;
 * none when nothing is found about either. Asked which suits a purpose ("…for a chatbot?"), the
 * answer is the one side whose paragraph speaks of it, if only one does.
 */
export function comparison(
  subjects: [string, string],
  purpose: string[],
  sources: PromptSource[],
  sentences: Sentence[],
  shortItems: Sentence[],
  sideScoring: (subject: string) => Scoring,
): string | undefined {
  const all = [...sentences, ...shortItems];
  const key = (s: { rank: number; position: number }) => `${s.rank}:${s.position}`;
  const opens = (text: string, subject: string) => naming(subject).exec(plain(text))?.index === 0;
  const parts: string[] = [];
  const sides: string[] = [];
  const shown = new Set<string>();
  const show = (chosen: Candidate[]) => {
    chosen.forEach((c) => shown.add(key(c)));
    parts.push(render(chosen.sort((a, b) => a.rank - b.rank || a.position - b.position)));
  };
  // Two rows of one table, one named for each: the two, in the columns the question names, else those that differ.
  const rows = subjects.map((subject) => rowNamed(sentences, subject));
  if (rows[0] && rows[1] && rows[0] !== rows[1] && rows[0].column === rows[1].column) {
    const named = namedColumns(
      rows[0].fields!.map(([header]) => header),
      purpose,
    );
    return rowTable(rows as Sentence[], named.length > 0 ? named : undefined);
  }
  // A table with a column for each, or a list with an item opening with each name.
  for (const source of sources) {
    const table = sideBySideTable(source.text, subjects);
    if (!table) continue;
    parts.push(table.replace(/^\| ?(.*?) ?\|/, (_, label: string) => `| ${label ? `${label} ` : ''}[${source.n}] |`));
    break;
  }
  for (const intro of sentences.filter((s) => !s.item && s.text.endsWith(':'))) {
    const list: Candidate[] = [{ n: intro.n, rank: intro.rank, position: intro.position, text: intro.text, score: 0 }];
    withLists(list, all, 0);
    if (!subjects.every((subject) => list.some((c) => c.item && opens(c.text, subject)))) continue;
    show(list);
    break;
  }
  let found = parts.length > 0;
  for (const [subject, other] of [subjects, [subjects[1], subjects[0]]] as const) {
    const section = sectionAbout(sources, subject);
    const opening: Candidate[] = [];
    if (section >= 0) {
      // Its first paragraph, and the sentence naming it if the paragraph does not.
      const passage = sentences
        .filter((s) => s.rank === section && !s.heading && !shown.has(key(s)))
        .sort((a, b) => a.position - b.position);
      const first = passage[0];
      const paragraph =
        first && !first.item
          ? passage.filter(
              (s, i) => i < OPENING_SENTENCES && (i === 0 || (s.continues && s.position === first.position + i)),
            )
          : [];
      const namesIt = paragraph.some((s) => namesSubject(s, subject))
        ? undefined
        : passage.slice(paragraph.length, paragraph.length + 3).find((s) => !s.item && namesSubject(s, subject));
      let words = 0;
      for (const s of [...paragraph, ...(namesIt ? [namesIt] : [])]) {
        if ((words += s.text.split(' ').length) > SIDE_WORDS && opening.length > 0) break;
        opening.push({ n: s.n, rank: s.rank, position: s.position, text: s.text, score: 0 });
      }
      withLists(opening, all, words);
    }
    if (opening.length > 0) {
      show(opening);
      sides.push(parts.at(-1)!);
      found = true;
      continue;
    }
    const about = sentences.filter((s) => namesSubject(s, subject) && !namesSubject(s, other) && !shown.has(key(s)));
    const own = about.length > 0 ? select(about, sideScoring(subject))?.text : undefined;
    parts.push(own || `I found nothing about ${subject} in the knowledge base.`);
    if (own) sides.push(own);
    found ||= !!own;
  }
  return suitedSide(sides, purpose) ?? (found ? parts.join('\n\n') : undefined);
}

/** Asked which suits a purpose ("…for a chatbot?"): the one side whose paragraph speaks of it, if only one does. */
function suitedSide(sides: string[], purpose: string[]): string | undefined {
  const suited = sides.filter((side) => contentTerms(side).some((t) => purpose.includes(t)));
  return suited.length === 1 ? suited[0] : undefined;
}

/** The sentence names the subject, or is read with one that does. */
function namesSubject(s: Sentence, subject: string): boolean {
  return naming(subject).test(plain(s.text)) || (!!s.lead && naming(subject).test(plain(s.lead.text)));
}

/** Which passage is the section about the subject: one opening with a heading naming it, then a paragraph (not a subheading). */
function sectionAbout(sources: PromptSource[], subject: string): number {
  return sources.findIndex((source) => {
    const [, heading, next] = /^\s*#{1,6}[ \t]+(.+)\n\s*(\S)/.exec(source.text) ?? [];
    return heading !== undefined && next !== '#' && titles(heading, subject);
  });
}

/**
 * A comparison asked again: for each side, the sentences that best say something of it (or are
 * in its section) and nothing of the other, among those no earlier answer gave; none unless there
 * are some for both.
 */
export function comparedAgain(
  subjects: [string, string],
  purpose: string[],
  sources: PromptSource[],
  sentences: Sentence[],
  said: (s: Sentence) => boolean,
  sideScoring: (subject: string) => Scoring,
): string | undefined {
  const sides: string[] = [];
  for (const [subject, other] of [subjects, [subjects[1], subjects[0]]] as const) {
    const section = sectionAbout(sources, subject);
    // (not an item: one of a list setting the two side by side would show its introduction twice)
    const about = sentences.filter(
      (s) =>
        !said(s) &&
        !s.heading &&
        !s.item &&
        (s.rank === section || namesSubject(s, subject)) &&
        !namesSubject(s, other),
    );
    const text = about.length > 0 ? select(about, sideScoring(subject))?.text : undefined;
    if (!text) return undefined;
    sides.push(text);
  }
  return suitedSide(sides, purpose) ?? sides.join('\n\n');
}

/** Rows of a table a comparison shows at most. */
const MAX_TABLE_ROWS = 10;

/**
 * The first Markdown table of a passage with a column headed with each subject, cut down to
 * those columns and its first, which names its rows (unless it is one of them), cells cleaned as
 * sentences are. A row that talks to the assistant is left out.
 */
function sideBySideTable(text: string, subjects: readonly string[]): string | undefined {
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const columns = subjectColumns(line, subjects);
    if (!columns || !lines[i + 1] || !tableCells(lines[i + 1]!).every((c) => SEPARATOR_CELL.test(c))) continue;
    const shown = columns.includes(0) ? columns : [0, ...columns];
    const row = (cells: string[]) => `| ${shown.map((c) => clean(cells[c] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
    const rows = [];
    for (const next of lines.slice(i + 2)) {
      if (!next.trimStart().startsWith('|') || rows.length >= MAX_TABLE_ROWS) break;
      if (!ADDRESSES_THE_ASSISTANT.some((re) => re.test(next))) rows.push(row(tableCells(next)));
    }
    if (rows.length > 0) return [row(tableCells(line)), `|${' --- |'.repeat(shown.length)}`, ...rows].join('\n');
  }
  return undefined;
}
