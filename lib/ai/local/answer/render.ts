// The chosen sentences written as the answer, each with its citation.
import { TIED_ROWS_LISTED } from './limits';
import type { Candidate } from './sentence';

/**
 * The sentences, in order, each cited. One that ends in a colon keeps it, uncited, when the
 * next sentence of its passage follows ("useful for: Clarifying names [1]"); else it ends with
 * a full stop, since what it introduced (code, a list) is not part of the answer. A list's
 * items that follow it are shown as a Markdown list, cited once, after the last item.
 */
export function render(
  sentences: Pick<
    Candidate,
    'n' | 'rank' | 'position' | 'end' | 'text' | 'item' | 'lead' | 'code' | 'depth' | 'row' | 'table'
  >[],
  leadSaid?: (lead: { text: string }) => boolean,
): string {
  type Shown = (typeof sentences)[number];
  const shown = new Set(sentences.map((s) => `${s.rank}:${s.position}`));
  const follows = (a: Shown | undefined, b: Shown | undefined): boolean =>
    !!a && !!b && a.rank === b.rank && b.position <= (a.end ?? a.position) + 2;
  // (rows answering alike list wherever they stand in their table)
  const rowList = sentences.filter((s) => s.row).length >= TIED_ROWS_LISTED;
  const listedRow = (s: Shown | undefined): boolean => rowList && !!s?.row;
  // (an answer that opens with an item of a list, as "tell me more" can, opens the list)
  const listed = (s: Shown, i: number): boolean =>
    listedRow(s) ||
    (!!s.item &&
      (i === 0
        ? !!sentences[1]?.item && follows(s, sentences[1])
        : follows(sentences[i - 1], s) && (!!sentences[i - 1]!.item || sentences[i - 1]!.text.endsWith(':'))));
  let answer = '';
  sentences.forEach((s, i) => {
    const next = sentences[i + 1];
    const goesOn =
      !s.code &&
      s.n === next?.n &&
      ((listedRow(s) && listedRow(next)) ||
        (follows(s, next) && (s.text.endsWith(':') || (listed(s, i) && listed(next, i + 1)))));
    // (a table cites each row in it, and stands as a paragraph of its own)
    if (s.table) {
      answer += `${i > 0 ? '\n\n' : ''}${s.text}`;
      return;
    }
    let text = goesOn ? s.text : cite(s.text.replace(/\s*:$/, ''), s.n);
    // A sentence introducing its code keeps its colon: "…any condition [1]:"
    if (s.code) text = `${s.text.endsWith(':') ? text.replace(/\.$/, ':') : text}\n\n${s.code}\n\n`;
    // A lead goes before its sentence, once, uncited: the citation after them covers both.
    if (s.lead && !shown.has(`${s.rank}:${s.lead.position}`) && !leadSaid?.(s.lead)) {
      shown.add(`${s.rank}:${s.lead.position}`);
      // (a lead without a stop of its own, "options.width — Default: `50`", ends where its sentence begins)
      text = `${s.lead.text}${/[.!?:;。]$/.test(s.lead.text) ? '' : '.'} ${text}`;
    }
    const previous = sentences[i - 1];
    const bullet = `${'  '.repeat(s.depth ?? 0)}- `;
    const separator = !previous
      ? listed(s, i)
        ? bullet
        : ''
      : previous.code
        ? ''
        : previous.table
          ? '\n\n'
          : listed(s, i)
            ? `\n${bullet}`
            : listed(previous, i - 1)
              ? '\n\n'
              : ' ';
    answer += separator + text;
  });
  return answer.trimEnd();
}

/** "Paris is the capital." + 1 → "Paris is the capital [1]." */
function cite(sentence: string, n: number): string {
  const match = /^(.*?)([.!?。]*)$/s.exec(sentence);
  const body = match?.[1] ?? sentence;
  const end = match?.[2] || '.';
  return `${body} [${n}]${end}`;
}
