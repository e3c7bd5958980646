// Tables: questions listing rows ("Which releases are LTS?") and wide rows focused on the values asked for.
import { contentTerms, NAMING_LABEL } from '@/lib/ai/question-plan/text-terms';
import { MAX_ROW_WORDS, MAX_TIED_ROWS, MAX_WORDS } from './limits';
import { askedColumns } from './row-table';
import { type Candidate, type Sentence, clean, shownWords } from './sentence';

/** The words right after "what" or "which" that may name what is listed: "What file types can I upload?" */
const LISTING = /^\s*(?:what|which)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/iu;
/** A table cell that says yes: anything but an empty one or a no ("No", "false", "Cross", ✗, "—"). */
const YES_CELL = (cell: string | undefined) =>
  !!cell && !/^\s*(?:no|false|none|n\/a|<?\s*cross\s*\/?>?|[✗✘❌×-]|—|–)?\s*$/iu.test(cell);
/** Sentences before a table read as its introduction ("What each upload becomes. The kind of file is decided…"). */
const TABLE_INTRO = 3;

/**
 * "What file types can I upload?" and "Which commands are there?" ask for what a table lists: the
 * names in its first column, when that column is headed with the question's plural noun ("type",
 * "command"). Of several such tables, the one whose rows, section heading or introduction say most
 * of the question's other words, and none when they say none of them. Of its rows, those saying most
 * of what the table as a whole does not ("What settings are there for search?"), unless only one
 * does: that row answers on its own, description and all ("Which settings control the chunk
 * size?"); else all of them. Their names are listed in order, with those of the passages that
 * continue the table (a long table is cut into several).
 */
export function listedInTable(
  question: string,
  sentences: Sentence[],
  own: Map<string, number>,
  idf: Map<string, number>,
  follows: Map<number, number>,
): string | undefined {
  const words = LISTING.exec(question)?.[1]?.split(/\s+/) ?? [];
  const plurals = new Set(words.filter((w) => /[^s]s$/i.test(w)).flatMap((w) => contentTerms(w)));
  if (plurals.size === 0) return undefined;
  // Each table, as its rows: consecutive rows of a passage under a column headed with that noun,
  // or records named by their name under a heading that is that noun ("## products"), or with no
  // heading, in a document so titled (`employees.csv`).
  const kindOf = (s: Sentence) => {
    const heads = s.column ? contentTerms(s.column) : [];
    if (heads.length === 1 && plurals.has(heads[0]!)) return heads[0];
    return s.column && NAMING_LABEL.test(s.column)
      ? [...(s.headingTerms ?? s.sectionTerms ?? [])].find((t) => plurals.has(t))
      : undefined;
  };
  const tables: Sentence[][] = [];
  for (const s of sentences) {
    if (!kindOf(s) || !s.key) continue;
    const last = tables.at(-1)?.at(-1);
    if (last && last.rank === s.rank && last.column === s.column && s.position === last.position + 1)
      tables.at(-1)!.push(s);
    else tables.push([s]);
  }
  const weighed = (terms: Set<string>, asked: string[]) =>
    asked.reduce((sum, t) => sum + (terms.has(t) ? (own.get(t) ?? 0) * (idf.get(t) ?? 0) : 0), 0);
  const candidates = tables
    .filter((rows) => rows.length > 1)
    .map((rows) => {
      const first = rows[0]!;
      const others = [...own.keys()].filter((t) => t !== kindOf(first));
      const intro = sentences.filter(
        (s) =>
          s.rank === first.rank &&
          s.position < first.position &&
          !s.heading &&
          first.position - s.position <= TABLE_INTRO,
      );
      // What the table as a whole is about: its section, its header names, its introduction.
      const context = new Set([...first.titleTerms, ...intro.flatMap((s) => [...s.terms])]);
      return {
        rows,
        others,
        context,
        says: weighed(new Set([...rows.flatMap((s) => [...s.terms]), ...context]), others),
      };
    });
  const best = candidates.reduce<(typeof candidates)[number] | undefined>(
    (a, b) => (!a || b.says > a.says ? b : a),
    undefined,
  );
  if (!best || (best.others.length > 0 && best.says === 0)) return undefined;
  const { rows, others, context } = best;
  // "Which settings are there for limits?": the rows saying most of what the table as a whole does not.
  const rowTerms = others.filter((t) => !context.has(t));
  const rowSays = (s: Sentence) => weighed(s.terms, rowTerms);
  const most = Math.max(...rows.map(rowSays));
  const saying = most > 0 ? rows.filter((s) => rowSays(s) === most) : [];
  if (saying.length === 1) return undefined;
  // "Which providers support tool streaming?": a column the question names says which rows do.
  const named = rows[0]!.fields?.filter(([header]) => {
    const terms = contentTerms(clean(header));
    return terms.length > 0 && terms.every((t) => others.includes(t));
  });
  const marked = (s: Sentence) =>
    !named?.length || named.every(([header]) => YES_CELL(s.fields?.find(([h]) => h === header)?.[1]));
  const shownRows = (saying.length > 1 ? saying : rows).filter(marked);
  if (shownRows.length === 0) return undefined;
  // (the passages continuing the table's, in order: each follows the one it continues)
  const first = rows[0]!;
  const ranks = [first.rank];
  for (const [rank, before] of [...follows].sort(([a], [b]) => a - b)) if (ranks.includes(before)) ranks.push(rank);
  const continued = (s: Sentence) =>
    s.rank !== first.rank &&
    ranks.includes(s.rank) &&
    s.column === first.column &&
    marked(s) &&
    (saying.length === 0 || rowSays(s) >= most);
  const names: string[] = [];
  const cited = new Set<number>();
  let shown = 0;
  for (const s of sentences) {
    if (!s.key || names.includes(s.key) || !(shownRows.includes(s) || continued(s))) continue;
    if ((shown += s.key.split(' ').length) > MAX_WORDS) break;
    names.push(s.key);
    cited.add(s.n);
  }
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
  return `${list} ${[...cited].map((n) => `[${n}]`).join('')}.`;
}

/**
 * Rows of the same table saying just what the best one says of the question, where it says it, answer it as well:
 * "Who works in the Support department?" is every row with `Department: Support`, not the first.
 * They come before any weaker pick.
 * `chosen` (its first the best row) takes them in place; returns the words shown and how many such rows were left out.
 */
export function withTiedRows({
  chosen,
  sentences,
  firstPick,
  asked,
  hasTerm,
  termsOf,
  namesHeader,
  words,
  limits,
}: {
  chosen: Candidate[];
  sentences: Sentence[];
  firstPick: Sentence;
  /** The question's own terms (not its context's). */
  asked: string[];
  hasTerm: (s: Sentence, t: string) => boolean;
  termsOf: (text: string) => Set<string>;
  namesHeader: (header: string, term: string) => boolean;
  words: number;
  limits: { sentences: number; words: number };
}): { words: number; unshownRows: number } {
  const top = chosen[0]!;
  let unshownRows = 0;
  // (in the same cells: a row named for what is asked answers it over one whose description mentions that name)
  const saying = (s: Sentence) =>
    asked
      .map((t) => (s.keyTerms?.has(t) ? `${t}:key` : hasTerm(s, t) ? t : ''))
      .filter(Boolean)
      .join(' ');
  // (named in the same column, in whichever passage: a record leaves out its empty values, and
  // overlapping passages repeat rows)
  // (a number asked for names one row, a version or a year: the best row not saying it answers
  // something else, and rows like it do too: "When does Node.js 22 enter maintenance?" is not
  // every row with a maintenance date)
  const said = asked.every((t) => !/^\d/.test(t) || hasTerm(firstPick, t)) ? saying(firstPick) : '';
  // (and a value asked for in the cells it is in, those under a header the question names if
  // any: "Which releases came out in 2020?" is not answered by a row whose end of life falls in
  // 2020, and is by one released in 2020, whatever else of it did too)
  const cellsSaying = (s: Sentence, t: string) =>
    (s.fields ?? []).filter(([, cell]) => termsOf(cell).has(t)).map(([header]) => header);
  const inSameCells = (s: Sentence) =>
    asked.every((t) => {
      const cells = cellsSaying(firstPick, t);
      const named = cells.filter((header) => namesHeader(header, t));
      return (named.length > 0 ? named : cells).every((header) => cellsSaying(s, t).includes(header));
    });
  const ties = said
    ? sentences.filter(
        (s) => s.column === firstPick.column && s.text !== firstPick.text && saying(s) === said && inSameCells(s),
      )
    : [];
  if (ties.length > 0) {
    const rest = chosen.splice(1);
    // (a row is as long as what it shows of itself)
    const rowWords = (s: Sentence) => {
      const columns = askedColumns(s, asked);
      return columns
        ? 2 +
            columns
              .map((c) => s.fields?.find(([h]) => h === c)?.[1] ?? '')
              .join(' ')
              .split(' ').length
        : s.text.split(' ').length;
    };
    words = rowWords(firstPick);
    chosen[0]!.row = true;
    for (const s of ties) {
      if (chosen.length >= MAX_TIED_ROWS || words + rowWords(s) > MAX_ROW_WORDS) break;
      if (chosen.some((c) => c.text === s.text)) continue;
      chosen.push({
        n: s.n,
        rank: s.rank,
        position: s.position,
        text: s.text,
        score: top.score,
        item: false,
        row: true,
      });
      words += rowWords(s);
    }
    unshownRows = new Set(ties.map((s) => s.text).filter((text) => !chosen.some((c) => c.text === text))).size;
    for (const c of rest) {
      const s = sentences.find((o) => o.rank === c.rank && o.position === c.position)!;
      if (chosen.length >= limits.sentences || words + shownWords(s) > limits.words) break;
      if (chosen.some((o) => o.text === s.text)) continue;
      chosen.push(c);
      words += shownWords(s);
    }
  }
  return { words, unshownRows };
}
