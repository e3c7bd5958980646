/**
 * One sentence splitter for the whole service: ICU's sentence boundaries (`Intl.Segmenter`),
 * less the ones it finds after an abbreviation, an initial or inside an open bracket, which
 * ICU's English rules cut at ("St. Paul", "J. R. R. Tolkien", "c. 1500", "[O.S. 21 Dec]").
 */

export interface SentenceSpan {
  /** Offset of the sentence's first character in the text. */
  start: number;
  /** Offset just after its last character (trailing whitespace excluded). */
  end: number;
}

export interface SplitOptions {
  /**
   * Every line break ends a sentence (a table row, a list item or a heading line on its own);
   * by default a single line break is a space, as inside a Markdown paragraph, and only a blank
   * line ends a sentence that has not ended.
   */
  lines?: boolean;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Words that end with a full stop that ends no sentence, whatever follows them. */
const ABBREVIATION =
  /(?:^|[^\p{L}.])(?:st|mt|ft|dr|mr|mrs|ms|mx|prof|rev|hon|gen|col|capt|lt|sgt|jr|sr|vs|cf|ca|approx|fig|figs|vol|vols|pp|ed|eds|al|inc|ltd|corp|dept|est|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|e\.g|i\.e|eg|ie|viz)\.$/iu;
/** A capital's initial ("J.", "R.") or dotted letters ("O.S.", "U.S."). */
const INITIAL = /(?:^|[^\p{L}.])\p{Lu}\.$/u;
const DOTTED = /(?:^|[^\p{L}.])(?:\p{L}\.){2,}$/u;
/** "No. 5", "p. 12", "c. 1500": a number's label only when a number follows it. */
const NUMBER_LABEL = /(?:^|[^\p{L}.])(?:no|nos|p|c|art|sec|ch)\.$/iu;

/** The sentences of `text`, trimmed, in order. */
export function splitSentences(text: string, options: SplitOptions = {}): string[] {
  return sentenceSpans(text, options).map(({ start, end }) => text.slice(start, end));
}

/** Where each sentence of `text` starts and ends. */
export function sentenceSpans(text: string, { lines = false }: SplitOptions = {}): SentenceSpan[] {
  // (a soft line break becomes a space of the same length, so offsets stay those of `text`)
  const read = lines ? text : text.replace(/(?<![\n\r][ \t]*)\n(?![ \t]*\r?\n)/g, ' ');
  const spans: SentenceSpan[] = [];
  let open: SentenceSpan | undefined;
  for (const { start, end } of pieces(read)) {
    if (open && !endsSentence(read.slice(open.start, open.end), read.slice(open.end, start), read.slice(start, end)))
      open.end = end;
    else spans.push((open = { start, end }));
  }
  return spans;
}

/**
 * ICU's segments, each cut again where a sentence opens with code or emphasis ("Call it. `sync`
 * copies…"): ICU reads the lower-case word behind the mark as the same sentence going on.
 */
function* pieces(read: string): Generator<SentenceSpan> {
  for (const { segment, index } of segmenter.segment(read)) {
    let from = 0;
    for (const cut of segment.matchAll(MARKED_OPENING)) {
      yield* trimmed(segment, index, from, cut.index);
      from = cut.index;
    }
    yield* trimmed(segment, index, from, segment.length);
  }
}

const MARKED_OPENING = /(?<=[.!?]\s+)(?=[`*_]+[\p{L}\p{N}])/gu;

function* trimmed(segment: string, index: number, from: number, to: number): Generator<SentenceSpan> {
  const piece = segment.slice(from, to);
  const start = index + from + (piece.length - piece.trimStart().length);
  const end = index + from + piece.trimEnd().length;
  if (end > start) yield { start, end };
}

/** Whether `before` (one sentence so far) really ends where ICU says, `next` being what follows. */
function endsSentence(before: string, gap: string, next: string): boolean {
  // A line break the caller keeps, or a blank line, always ends it; no space, as in "3.5%.In", does not.
  if (gap.includes('\n')) return true;
  if (!gap && !/[。！？]$/.test(before)) return false;
  // (marks alone, as a fence's "~~~" after a sentence, are no sentence of their own)
  if (!/[\p{L}\p{N}]/u.test(next)) return false;
  // (a bracket left open goes on to the sentence that closes it, not to the paragraph's end)
  if (openBracket(before) && /[)\]]/.test(next)) return false;
  if (!before.endsWith('.')) return true;
  if (ABBREVIATION.test(before) || INITIAL.test(before)) return false;
  const startsLower = /^[^\p{L}\p{N}]*[\p{Ll}\p{N}]/u.test(next);
  if (NUMBER_LABEL.test(before) && /^\p{N}/u.test(next)) return false;
  // ("He lived in the U.S. He left." ends; "the U.S. government" does not)
  if (DOTTED.test(before) && startsLower) return false;
  return true;
}

/** More brackets opened than closed: "[O.S. " goes on to its "]". */
function openBracket(s: string): boolean {
  let depth = 0;
  for (const c of s) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return depth > 0;
}
