import 'server-only';
import { config, type Config } from '@/lib/config';
import { prisma } from '@/lib/db/index';

/**
 * Raise it when a change to a parser or to the chunker changes the chunks a document gets (a
 * table's header carried by every chunk of it, a title read from the text), or to what their
 * postings hold: sources ingested before are then chunked again, in the background, from their
 * kept content. 2: the words inside names from code are indexed as subwords (compoundWords).
 * 3: a PDF's text is laid out (headings, paragraphs, lists, code; no running heads).
 * 4: HTML and DOCX text is Markdown (code blocks, code spans, lists, quotes; the text escaped).
 * 5: members named after a dot that are stop words (`_.each`) are indexed as subwords (memberNames).
 * 6: a PDF page's lines are read in reading order, not drawing order (code blocks of a browser's PDF).
 * 7: a `<br>` inside a `<pre>` is a newline (blank lines in Word's code blocks kept lines apart).
 * 8: a DOCX is written whole, without a reader view (its Heading 1 stays level 1).
 * 9: a PDF table cell's lines are one paragraph, and a page's pieces are placed by the lines in their way.
 * 10: a compound hyphenated at a PDF line's end keeps its hyphen (`case-insensitive`).
 * 11: a PDF's drawn bullets are list items, its short bold lines headings, its tables Markdown
 *     tables, and a sidebar printed on every page is dropped.
 * 12: a web page's h1s stay on level 1 (Readability made them h2, on their subsections' level).
 * 13: a web page's or a Word file's links to web addresses keep where they go; a paper's
 *     subsections, level with the other column, are headings.
 * 14: a PDF's links to web addresses (link annotations) are links on the words they cover.
 * 15: a PDF line a little larger than the body, in a size only such lines are set in (Word's
 *     Heading 3), is a heading.
 * 16: the lines a PDF's outline (its bookmarks) names are headings.
 * 17: a PDF table's first row set apart by a rule (booktabs) is its header.
 * 18: a web page's or Word file's table whose first row is bold (and not all its rows) is a
 *     Markdown table under that header.
 * 19: so is a Word table's first row under a table style that sets it apart (Header Row ticked).
 * 20: a link to a mail address keeps the address after its words (HTML, DOCX, PDF).
 * 21: a Markdown file fetched from the web has its relative links written whole.
 * 22: a web address a PDF prints over two lines (its link's boxes say so) is one word again.
 * 23: a chunk ends between two table rows, never inside a row that fits a chunk.
 * 24: a chunk that starts inside a fenced code block records its opening fence (codeFence).
 * 25: a chunk runs over a PDF page turn (pageEnd) instead of ending there, mid-sentence or
 *     mid-code as it may be.
 * 26: a Word file's Title paragraph is a level-1 heading, and without a Title property the
 *     heading that opens it names the document.
 * 27: the bars TeX draws for underscores are underscores; code spans that touch are one.
 * 28: a JSON record is one paragraph of `key: value` pairs, under a heading naming its list.
 * 29: a JSON map of records is a record per key, headed by it; an empty text is no value; a
 *     title that is a file name is indexed by its words too (`debian.csv`: "debian").
 * 30: a long paragraph is cut at sentence ends only (not after "St.", "J." or "c."), and a
 *     document's sections, blocks, tables and code are read from its Markdown tree (markdown-it).
 */
const CHUNKER_VERSION = 30;

/** How a source's chunks are made, besides its bytes: recorded with them (sources.chunked_with). */
export function ingestSignature(c: Pick<Config, 'CHUNK_TOKENS' | 'CHUNK_OVERLAP_TOKENS'> = config()): string {
  return `v${CHUNKER_VERSION} ${c.CHUNK_TOKENS}/${c.CHUNK_OVERLAP_TOKENS}`;
}

/** Sources queued per step: a queue this long is soon worked off, and new uploads wait behind no more. */
const BATCH = 50;

/**
 * One step of bringing ready sources to the configured chunking (CHUNK_TOKENS, CHUNK_OVERLAP_TOKENS,
 * the chunker's version): up to BATCH sources whose chunks were made otherwise are queued again,
 * with the content they keep, as their next generation (a web page: as it was fetched, see
 * prepareSource). As with a replacement, the chunks they have stay searchable until the new ones
 * are complete. Sources ingested before content was kept (web pages before the fetched bytes
 * were) have none, and are left alone. Returns how many sources it queued.
 */
export async function rechunkStep(signature = ingestSignature()): Promise<number> {
  const db = await prisma();
  const queued = await db.$queryRaw<{ id: string }[]>`
    WITH stale AS (
      SELECT s.id, s.generation FROM sources s JOIN source_contents c ON c.source_id = s.id
      WHERE s.status = 'ready' AND s.chunked_with IS DISTINCT FROM ${signature} AND octet_length(c.data) > 0
      ORDER BY s.created_at, s.id LIMIT ${BATCH}
      FOR UPDATE OF s SKIP LOCKED
    ), next AS (
      -- A generation never written: an earlier attempt that failed may have left chunks of its own.
      UPDATE source_contents c SET generation = GREATEST(c.generation, stale.generation) + 1, rechunk = true
      FROM stale WHERE c.source_id = stale.id RETURNING c.source_id
    )
    UPDATE sources s SET status = 'pending', progress = 0, error = NULL, attempts = 0, lease_owner = NULL, lease_expires_at = NULL
    FROM next WHERE s.id = next.source_id
    RETURNING s.id::text AS id`;
  return queued.length;
}

/** How long the idle worker trusts a check that found nothing to chunk again. */
const SETTLED_RECHECK_MS = 5 * 60_000;
let settled: { signature: string; at: number } | undefined;

/**
 * rechunkStep for the idle worker, which asks every second: once a check found nothing, the
 * next waits a few minutes (each reads the sources table). Sources this process ingests are
 * made with its own settings; the recheck is for another instance still running older ones.
 */
export async function rechunkWhenDue(): Promise<number> {
  const signature = ingestSignature();
  if (settled?.signature === signature && Date.now() - settled.at < SETTLED_RECHECK_MS) return 0;
  const queued = await rechunkStep(signature);
  settled = queued === 0 ? { signature, at: Date.now() } : undefined;
  return queued;
}
