// Where a fenced code block opens or closes: a run of three or more backticks or tildes
// at the start of a line, after at most three spaces (CommonMark).
const FENCE = / {0,3}(`{3,}|~{3,})/y;
// What may still become a fence when more text comes: the start of a line so far.
const FENCE_SO_FAR = /^ {0,3}(?:`*|~*)$/;
const MARKER = /\[(\d{1,3})\]/y;
const MARKER_SO_FAR = /^\[\d{0,3}$/;
const TICKS = /`+/y;
/** Outside code, what the scan stops at: a marker, a code span, a new line. */
const NEXT_SPECIAL = /[[`\n]/g;
/** An inline code span may run over lines, but not over a paragraph's end. */
const PARAGRAPH_END = /\n[ \t]*\n/g;
/**
 * How much text waits for the backticks closing a span before the opening ones count as plain
 * backticks (a stray backtick holds the stream back no longer), and the longest run of backticks
 * held back to see whether it goes on.
 */
const MAX_SPAN = 200;

/**
 * Rewrites the `[n]` markers of a streamed answer so citations are numbered by
 * first appearance – [1], [2], … with no gaps – whatever passage numbers the
 * model used. Clients can then read citation `n` as position `n` in the list of
 * `data-citation` parts. Markers may be split across deltas ("[1" then "2]"), so
 * a trailing partial marker is held back until the next delta. Numbers that were
 * never offered are left as they are and cite nothing, and so is code: `steps[1]`
 * in a code span or a fenced block indexes an array (the reader's Markdown
 * renderer shows no chip there either). A code span is held back until its
 * closing backticks arrive, since until then its opening ones may be plain text.
 */
export class CitationRenumberer {
  private pending = '';
  /** The fenced code block the text is in. */
  private fence: { char: string; length: number } | undefined;
  /** The pending text starts a line. */
  private lineStart = true;
  /** Offered passage number → number shown, in order of first citation. */
  readonly order = new Map<number, number>();

  constructor(private readonly offered: ReadonlySet<number>) {}

  push(delta: string): string {
    return this.scan(this.pending + delta, false);
  }

  /** The held-back tail, at the end of a text part. */
  flush(): string {
    const out = this.scan(this.pending, true);
    [this.fence, this.lineStart] = [undefined, true];
    return out;
  }

  /** Emits what `text` settles; keeps the rest pending, unless `final`. */
  private scan(text: string, final: boolean): string {
    let out = '';
    let i = 0;
    const hold = () => {
      this.pending = text.slice(i);
      return out;
    };
    while (i < text.length) {
      if (this.lineStart) {
        const lineEnd = text.indexOf('\n', i);
        const line = text.slice(i, lineEnd < 0 ? text.length : lineEnd + 1);
        if (!final && lineEnd < 0 && line.length < MAX_SPAN && FENCE_SO_FAR.test(line)) return hold();
        FENCE.lastIndex = i;
        const run = FENCE.exec(text)?.[1];
        if (run && this.fence && run[0] === this.fence.char && run.length >= this.fence.length) {
          // A closing fence has nothing but spaces after it: the line's end tells.
          if (!final && lineEnd < 0) return hold();
          if (!line.trim().slice(run.length).trim()) {
            this.fence = undefined;
            out += line;
            i += line.length;
            continue; // at the next line's start, or at the end
          }
        } else if (run && !this.fence) {
          // Backticks with a backtick after them on their line open a code span, not a fence.
          const spansCode = run[0] === '`' && line.slice(line.indexOf(run) + run.length).includes('`');
          if (!spansCode && run[0] === '`' && !final && lineEnd < 0 && line.length < MAX_SPAN) return hold();
          if (!spansCode) this.fence = { char: run[0]!, length: run.length };
        }
        this.lineStart = false;
      }
      if (this.fence) {
        // Code runs to the end of the line as it is.
        const end = text.indexOf('\n', i);
        out += text.slice(i, end < 0 ? text.length : end + 1);
        i = end < 0 ? text.length : end + 1;
        this.lineStart = end >= 0;
        continue;
      }
      NEXT_SPECIAL.lastIndex = i;
      const special = NEXT_SPECIAL.exec(text);
      const at = special ? special.index : text.length;
      out += text.slice(i, at);
      i = at;
      if (!special) break;
      if (special[0] === '\n') {
        out += '\n';
        i++;
        this.lineStart = true;
      } else if (special[0] === '[') {
        MARKER.lastIndex = i;
        const marker = MARKER.exec(text);
        if (!marker && !final && MARKER_SO_FAR.test(text.slice(i))) return hold();
        out += marker ? this.renumbered(marker[0], Number(marker[1])) : '[';
        i += marker ? marker[0].length : 1;
      } else {
        TICKS.lastIndex = i;
        const ticks = TICKS.exec(text)![0];
        const after = i + ticks.length;
        if (!final && after === text.length && ticks.length < MAX_SPAN) return hold(); // the run may go on
        const close = new RegExp(`(?<!\`)${ticks}(?!\`)`, 'g');
        close.lastIndex = after;
        const closing = close.exec(text);
        PARAGRAPH_END.lastIndex = after;
        const paragraphEnd = PARAGRAPH_END.exec(text)?.index ?? Infinity;
        if (closing && closing.index < paragraphEnd) {
          const end = closing.index + ticks.length;
          if (!final && end === text.length) return hold(); // the closing run may go on
          out += text.slice(i, end); // a code span, as it is
          i = end;
        } else if (!final && paragraphEnd === Infinity && text.length - i < MAX_SPAN) {
          return hold();
        } else {
          out += ticks; // no span: plain backticks
          i = after;
        }
      }
    }
    this.pending = '';
    return out;
  }

  private renumbered(marker: string, n: number): string {
    if (!this.offered.has(n)) return marker;
    let shown = this.order.get(n);
    if (shown === undefined) {
      shown = this.order.size + 1;
      this.order.set(n, shown);
    }
    return `[${shown}]`;
  }
}
