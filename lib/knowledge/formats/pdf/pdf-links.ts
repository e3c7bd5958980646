import { mailAddress, spellsAddress, webAddress } from '../markdown/markdown-link';
import type { PdfTextRun, RunLink } from './pdf-text-run';

/**
 * A link on a page: a box (an annotation, one a line where its words wrap) that opens a web
 * address or writes to a mail address (`mailto:`), and the words the page draws inside it, as
 * the drawing's glyphs are placed. In points from the page's lower left corner.
 */
export interface PdfLink {
  url: string;
  x: number;
  y: number;
  right: number;
  top: number;
  text: string;
}

const compact = (text: string) => text.normalize('NFKC').replace(/[\s\u0000]+/g, '');

/**
 * Runs with the characters each link's words cover marked. A run is what PDF.js reads as one
 * piece of text, and a link's words are often only part of one ("fill in the access form and"):
 * they are found among the runs whose baseline lies in the link's box and that reach into it,
 * spaces aside, and of several places that spell them, the one nearest the box's left edge is
 * taken. A link whose words spell its address (a printed URL or mail address, wrapped or not)
 * keeps its words; where such an address wraps, the run its first line ends with breaks it
 * (`breaksAddress`): the line break is no space.
 */
export function attachLinks(runs: PdfTextRun[], links: PdfLink[]): PdfTextRun[] {
  const spelled = new Map<string, string>();
  for (const link of links) spelled.set(link.url, (spelled.get(link.url) ?? '') + compact(link.text));
  const marked = new Map<PdfTextRun, RunLink[]>();
  const breaking = new Set<PdfTextRun>();
  links.forEach((link, i) => {
    const url = webAddress(link.url);
    const mail = mailAddress(link.url);
    const target = url?.href ?? (mail && link.url);
    const words = compact(link.text);
    const spells = url
      ? spellsAddress(words, url) || spellsAddress(spelled.get(link.url)!, url)
      : spelled
          .get(link.url)!
          .toLowerCase()
          .includes(compact(mail ?? '').toLowerCase());
    if (!target || !words) return;
    const next = links[i + 1];
    const wraps = next?.url === link.url && next.top <= link.y + 1 && link.y - next.y < 3 * (link.top - link.y);
    if (spells) {
      // The first line of an address that goes on in the next box: the run its words end (pageLines reads a line's last run).
      const place = url && wraps && !spellsAddress(words, url) ? locate(runs, link, words) : undefined;
      if (place && place.last.at + 1 >= place.last.run.text.trimEnd().length) breaking.add(place.last.run);
      return;
    }
    // A mail address is said once, after the last of the words: where they wrap, the box on the next line says it.
    if (!url && wraps) return;
    const place = locate(runs, link, words);
    if (!place) return;
    // From its first character to its last, spaces (and runs of them) between included.
    const { first, last } = place;
    for (let n = place.runs.indexOf(first.run); n <= place.runs.indexOf(last.run); n++) {
      const run = place.runs[n]!;
      const own = marked.get(run) ?? [];
      own.push({
        from: run === first.run ? first.at : 0,
        to: run === last.run ? last.at + 1 : run.text.length,
        url: target,
      });
      marked.set(
        run,
        own.sort((a, b) => a.from - b.from),
      );
    }
  });
  return runs.map((run) => {
    const links = marked.get(run);
    const breaks = breaking.has(run);
    return links || breaks ? { ...run, ...(links ? { links } : {}), ...(breaks ? { breaksAddress: true } : {}) } : run;
  });
}

/**
 * Where a link's `words` (compacted) are drawn: the runs on its box's line that reach into it,
 * and the run and place in it of the words' first and last characters.
 */
function locate(runs: PdfTextRun[], link: PdfLink, words: string) {
  const reaching = runs.filter(
    (run) => run.y >= link.y - 1 && run.y <= link.top && run.x < link.right && run.x + run.width > link.x,
  );
  // Each character of `spelling`, and where it is drawn: which run, and its place in the run's text.
  const chars: { run: PdfTextRun; at: number }[] = [];
  let spelling = '';
  for (const run of reaching) {
    for (let at = 0; at < run.text.length; at++) {
      const char = compact(run.text[at]!); // (a ligature is several)
      spelling += char;
      for (let i = 0; i < char.length; i++) chars.push({ run, at });
    }
  }
  const x = ({ run, at }: { run: PdfTextRun; at: number }) => run.x + (run.width * at) / run.text.length;
  let best: number | undefined;
  for (let i = spelling.indexOf(words); i >= 0; i = spelling.indexOf(words, i + 1)) {
    if (best === undefined || Math.abs(x(chars[i]!) - link.x) < Math.abs(x(chars[best]!) - link.x)) best = i;
  }
  return best === undefined
    ? undefined
    : { runs: reaching, first: chars[best]!, last: chars[best + words.length - 1]! };
}
