import 'server-only';
import type { Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
import { englishCount } from '@/lib/english-words';
import { editDistance } from '@/lib/text/edit-distance';
import { englishNeighbours, englishSurface, isEnglishWord, stemOf } from './english-lexicon';
import { chooseCorrection, correctable, type Correction, type SpellingCandidate } from './spelling-choice';
import { forTextSearch } from './text-search-input';
import { liveChunksHolding, termHeld } from './words-seen';

export type { Correction } from './spelling-choice';

/** Postings counted at most, for a term's frequency in a narrowed reach: enough to rank a few terms. */
const DF_CAP = 200;
/** Index terms looked at per misspelt word, nearest first. */
const NEAREST = 8;

interface Row {
  word: string;
  stem: string;
  term: string | null;
  df: number | null;
  soundsAlike: boolean | null;
}

/**
 * The corrections of the words (a question's telling words) that the index, within the asker's
 * reach, has never seen but holds a near term of (see `chooseCorrection`). One round trip finds,
 * for each word the reach holds no lexeme of, its candidates counted in the reach (a term only
 * collections the asker cannot read hold is never one): for a word English lacks, the index
 * terms nearest its lexeme that begin with its first two letters, or with the two swapped (an
 * index range each: a slip in the first two letters otherwise goes uncorrected, the price of a
 * lookup of a few milliseconds at any size); for an English word, the lexemes of the
 * commoner English words one edit from it (only a slip of sound can be one: see
 * `chooseCorrection`). A term English has no word for is spelt as a passage of the reach spells
 * it (one more round trip, only then).
 */
export async function correctSpelling(words: string[], reach: Reach): Promise<Correction[]> {
  const asked = [...new Set(words.filter(correctable))];
  if (asked.length === 0) return [];
  const lower = asked.map((w) => w.toLowerCase());
  const english = lower.map((w) => isEnglishWord(w));
  const near = lower.flatMap((w, i) => (english[i] ? englishNeighbours(w).map((n) => [asked[i]!, n] as const) : []));
  const db = await prisma();
  const rows = await db.$queryRaw<Row[]>`
    WITH w AS (
      SELECT w.word, w.english, w.n, (SELECT min(l.lexeme) FROM unnest(to_tsvector('english', w.parsed)) l) AS stem
      FROM unnest(${asked}::text[], ${lower.map(forTextSearch)}::text[], ${english}::boolean[])
        WITH ORDINALITY AS w(word, parsed, english, n)
    ), unseen AS (
      SELECT * FROM w WHERE w.stem IS NOT NULL AND NOT ${termHeld(Prisma.sql`w.stem`, reach)}
    ), near AS (
      SELECT u.word, t.term, u.word AS spelt FROM unseen u CROSS JOIN LATERAL (
        SELECT tc.term FROM (VALUES (left(u.stem, 2)), (substr(u.stem, 2, 1) || left(u.stem, 1))) p(prefix)
        JOIN term_counts tc ON tc.term >= p.prefix AND tc.term < left(p.prefix, 1) || chr(ascii(substr(p.prefix, 2)) + 1)
        WHERE NOT u.english AND length(u.stem) > 2 AND abs(length(tc.term) - length(u.stem)) <= 2
        GROUP BY tc.term HAVING sum(tc.df) > 0
        ORDER BY levenshtein_less_equal(u.stem, tc.term, 3), tc.term LIMIT ${NEAREST}
      ) t WHERE levenshtein_less_equal(u.stem, t.term, 2) <= 2
      UNION
      SELECT u.word, (SELECT min(l.lexeme) FROM unnest(to_tsvector('english', n.spelt)) l), n.spelt
      FROM unseen u JOIN unnest(${near.map((n) => n[0])}::text[], ${near.map((n) => n[1])}::text[]) AS n(word, spelt)
        ON n.word = u.word
    )
    SELECT u.word, u.stem, c.term, c.df::int AS df, c."soundsAlike"
    FROM unseen u LEFT JOIN LATERAL (
      SELECT n.term, ${frequency(Prisma.sql`n.term`, reach)} AS df, bool_or(dmetaphone(n.spelt) = dmetaphone(u.word)) AS "soundsAlike"
      FROM near n WHERE n.word = u.word AND n.term IS NOT NULL GROUP BY n.term
    ) c ON c.df > 0
    ORDER BY u.n`;
  const found = new Map<string, { stem: string; candidates: SpellingCandidate[] }>();
  for (const { word, stem, term, df, soundsAlike } of rows) {
    const entry = found.get(word) ?? { stem, candidates: [] };
    found.set(word, entry);
    if (term !== null && df !== null)
      entry.candidates.push({ term, df, soundsAlike: soundsAlike ?? false, surface: englishSurface(term, word) });
  }
  await spellFromPassages([...found], reach);
  return [...found].flatMap(
    ([word, { stem, candidates }]) =>
      chooseCorrection({ word, stem, candidates, isWord: isEnglishWord, englishCount }) ?? [],
  );
}

/** SQL: the term's document frequency in the reach (live chunks, counted up to DF_CAP when narrowed). */
function frequency(term: Prisma.Sql, reach: Reach): Prisma.Sql {
  return reach.all
    ? Prisma.sql`(SELECT coalesce(sum(tc.df), 0) FROM term_counts tc WHERE tc.term = ${term})`
    : Prisma.sql`(SELECT count(*) FROM (${liveChunksHolding(term, reach)} LIMIT ${DF_CAP}) held)`;
}

/**
 * Candidates near enough to be chosen but with no English spelling (a name, a product) get the
 * word of a passage of the reach that has their stem, nearest to the word asked.
 */
async function spellFromPassages(
  found: [string, { stem: string; candidates: SpellingCandidate[] }][],
  reach: Reach,
): Promise<void> {
  const unspelt = found.flatMap(([word, { stem, candidates }]) =>
    candidates
      .filter((c) => !c.surface && editDistance(stem, c.term, 2) <= (word.length >= 9 ? 2 : 1))
      .map((c) => ({ word: word.toLowerCase(), c })),
  );
  if (unspelt.length === 0) return;
  const terms = [...new Set(unspelt.map(({ c }) => c.term))];
  const db = await prisma();
  const texts = await db.$queryRaw<{ term: string; text: string | null }[]>`
    SELECT t.term, (${liveChunksHolding(Prisma.sql`t.term`, reach, Prisma.sql`c.text`)} LIMIT 1) AS text
    FROM unnest(${terms}::text[]) AS t(term)`;
  const textOf = new Map(texts.map((r) => [r.term, r.text ?? '']));
  for (const { word, c } of unspelt) {
    const spellings = [...new Set(textOf.get(c.term)!.match(/\p{L}+/gu) ?? [])].filter(
      (w) => editDistance(word, w.toLowerCase(), 3) <= 3 && stemOf(w.toLowerCase()) === c.term,
    );
    c.surface = spellings.sort((a, b) => editDistance(word, a, 3) - editDistance(word, b, 3))[0];
  }
}
