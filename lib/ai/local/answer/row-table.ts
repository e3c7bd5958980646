// Table rows asked about, shown as a small Markdown table of the columns the question names.
import { contentTerms, HEADING_COLUMN } from '@/lib/ai/question-plan/text-terms';
import { type Candidate, type Sentence, clean, plain } from './sentence';

/** Values a row must have, besides its name, before it shows only those asked for. */
const WIDE_ROW = 4;

/**
 * The columns of a wide row (a record of five or more values) the question asks for by their
 * labels ("What is Hiro Tanaka's email?"), with any whose value says more of the question than the
 * row's name does; none when it names none of them (the row shows whole) or all of them.
 */
export function askedColumns(row: Sentence, asked: string[]): string[] | undefined {
  const fields = row.fields?.filter(([, cell]) => cell.trim());
  if (!row.column || !row.key || !fields || fields.length < WIDE_ROW) return undefined;
  const named = namedColumns(
    fields.map(([header]) => header),
    asked,
  );
  const says = (header: string) => named.includes(header);
  // (a value saying what the name already says, `ada.ito1499@corp.example`, adds nothing)
  const saysMore = (cell: string) => contentTerms(clean(cell)).some((t) => asked.includes(t) && !row.keyTerms?.has(t));
  if (!fields.some(([header]) => says(header))) return undefined;
  const kept = fields.filter(([header, cell]) => says(header) || saysMore(cell)).map(([header]) => header);
  return kept.length < fields.length ? kept : undefined;
}

/**
 * The columns of `headers` the question names: those it says at least half the words of, not
 * counting words many headers share: "How many API calls does the Business plan allow?" names
 * `API calls per day`, not `storage per user` for its "per".
 */
export function namedColumns(headers: string[], asked: string[]): string[] {
  const termsOf = new Map(headers.map((h) => [h, contentTerms(clean(h))]));
  const shared = (t: string) => [...termsOf.values()].filter((terms) => terms.includes(t)).length;
  const common = (t: string) => shared(t) > 1 && shared(t) * 3 > headers.length;
  return headers.filter((header) => {
    const terms = termsOf.get(header)!.filter((t) => !common(t));
    return terms.length > 0 && 2 * terms.filter((t) => asked.includes(t)).length >= terms.length;
  });
}

/**
 * Whether a row is the one the question names by spelling its name as written: "What does the
 * image-alt rule require?" asks about `image-alt`, not `aria-required-parent`, which shares
 * "require". (A name with a mark or a digit in it: a plain word is no name.)
 */
export function spellsRowName(question: string): (s: Sentence) => boolean {
  const spelled = ` ${question.toLowerCase().replace(/[^\p{L}\p{N}._-]+/gu, ' ')} `;
  return (s) => !!s.key && /[^\p{L}]/u.test(s.key) && spelled.includes(` ${plain(s.key).toLowerCase()} `);
}

/** The row named for the subject ("Starter plans"): its name, and the name of its column, are the subject's words. */
export function rowNamed(rows: Sentence[], subject: string): Sentence | undefined {
  const named = contentTerms(subject);
  return rows.find((s) => {
    if (!s.keyTerms?.size || !s.fields) return false;
    const called = new Set([...s.keyTerms, ...contentTerms(clean(s.column ?? ''))]);
    return [...s.keyTerms].every((t) => named.includes(t)) && named.every((t) => called.has(t));
  });
}

/**
 * Rows of one table as a Markdown table of their name's column and `columns` (all of them when
 * none are given: those whose values differ, when the rows are several), each row cited after its name:
 *
 * | plan | API calls per day |
 * | --- | --- |
 * | Business [1] | 100,000 |
 */
export function rowTable(rows: Sentence[], columns?: string[]): string {
  const value = (row: Sentence, header: string) => row.fields?.find(([h]) => h === header)?.[1] ?? '';
  const headers = (rows[0]!.fields ?? []).map(([header]) => header);
  const shown =
    columns ??
    (rows.length > 1 ? headers.filter((h) => rows.some((row) => value(row, h) !== value(rows[0]!, h))) : headers);
  const cell = (text: string) => clean(text).replace(/\|/g, '\\|');
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const column = rows[0]!.column === HEADING_COLUMN ? '' : cell(rows[0]!.column!);
  return [
    line([column, ...shown.map(cell)]),
    `|${' --- |'.repeat(shown.length + 1)}`,
    ...rows.map((row) => line([`${cell(row.key!)} [${row.n}]`, ...shown.map((h) => cell(value(row, h)))])),
  ].join('\n');
}

/**
 * The chosen rows asked for some of their values show those, as a table: the rows of one table
 * asked for the same columns become one, in their table's order (`inSource`), in place of the first.
 */
export function tabulateRows(
  chosen: Candidate[],
  sentences: Sentence[],
  asked: string[],
  inSource?: Map<number, number>,
): void {
  const rowOf = (c: Candidate) =>
    sentences.find((s) => s.rank === c.rank && s.position === c.position && s.text === c.text);
  const focused = chosen.flatMap((c) => {
    const row = rowOf(c);
    const columns = row && askedColumns(row, asked);
    return row && columns ? [{ c, row, columns: columns.join('\n') }] : [];
  });
  const [shown] = focused;
  if (!shown) return;
  const same = focused.filter((f) => f.row.column === shown.row.column && f.columns === shown.columns);
  const order = (s: Sentence) => inSource?.get(s.rank) ?? s.rank;
  const rows = same.map((f) => f.row).sort((a, b) => order(a) - order(b) || a.position - b.position);
  Object.assign(shown.c, { text: rowTable(rows, shown.columns.split('\n')), table: true, row: false });
  for (const f of same.slice(1)) chosen.splice(chosen.indexOf(f.c), 1);
}
