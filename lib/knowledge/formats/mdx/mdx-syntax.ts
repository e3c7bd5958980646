import { fencedCode } from '../../index/chunk-text';

/**
 * MDX is Markdown plus ESM and JSX. Blanks what is code rather than prose, keeping every line
 * break so offsets still point into the file: `import`/`export` paragraphs, JSX component tags
 * (`<Note type="warning">` and `</Note>` go, the note's text stays; a self-closing
 * `<ExampleLinks examples={[…]} />` goes whole) and `{expressions}`. A table cell that holds
 * only a component with no attributes keeps its name, since the component is the cell's value:
 * `| Tool Usage |` rows of `<Check />` and `<Cross />` read `Check` and `Cross`. Fenced code and
 * inline code spans are left as they are; lower-case HTML tags are left to the reader, as in Markdown.
 */
export function blankMdxSyntax(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  const fences = fencedCode(text);
  let f = 0;
  let i = 0;
  let lineStart = true;
  let scannedTo = 0;
  while (i < text.length) {
    while (f < fences.length && fences[f]![1] <= i) f++;
    const fence = fences[f];
    if (fence && i >= fence[0]) {
      i = fence[1];
      continue;
    }
    const c = text[i]!;
    if (lineStart && /^(?:import|export)\s/.test(text.slice(i, i + 7))) {
      // An ESM block runs to the end of its paragraph.
      const end = text.indexOf('\n\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    lineStart = c === '\n' || (lineStart && (c === ' ' || c === '\t'));
    if (c === '`') {
      // An inline code span: as many backticks close it as opened it.
      BACKTICKS.lastIndex = i;
      const run = BACKTICKS.exec(text)![0];
      const close = text.indexOf(run, i + run.length);
      i = close < 0 ? i + run.length : close + run.length;
      continue;
    }
    // After a scan that found no end, the next ones start past where it looked: every character
    // is scanned a bounded number of times, however many stray braces a file holds.
    const opensTag = c === '<' && /^<\/?(?:[A-Z][\w.]*|>)/.test(text.slice(i, i + 40));
    if ((c === '{' || opensTag) && i >= scannedTo) {
      const end = c === '{' ? scanBraces(text, i) : scanTag(text, i);
      if (end > 0) {
        blank(i, end);
        const value = c === '<' ? cellValue(text, i, end) : undefined;
        if (value) for (let k = 0; k < value.length; k++) out[i + k] = value[k]!;
        i = end;
        continue;
      }
      scannedTo = i + MAX_SYNTAX_CHARS;
    }
    i++;
  }
  return out.join('');
}

const BACKTICKS = /`+/y;

/** The name of the bare component `<Name />` at `from`…`to` when it is all a table cell holds. */
function cellValue(text: string, from: number, to: number): string | undefined {
  const name = /^<([A-Z][\w.]*)\s*\/>$/.exec(text.slice(from, to))?.[1];
  if (!name) return undefined;
  const lineEnd = text.indexOf('\n', to);
  const left = text.slice(text.lastIndexOf('\n', from - 1) + 1, from);
  const right = text.slice(to, lineEnd < 0 ? text.length : lineEnd);
  return /^\s*\|(?:.*\|)?\s*$/.test(left) && /^\s*\|/.test(right) ? name : undefined;
}

// A stray brace in prose (invalid MDX, but it happens) must not blank the rest of the file.
const MAX_SYNTAX_CHARS = 4_000;

/** The end (exclusive) of the `{…}` expression at `at`, with nested braces, strings and comments; -1 if unclosed. */
function scanBraces(text: string, at: number): number {
  let depth = 0;
  const limit = Math.min(text.length, at + MAX_SYNTAX_CHARS);
  for (let i = at; i < limit; i++) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === '"' || c === "'" || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The end (exclusive) of the JSX tag at `at`: its `>` outside attribute strings and `{…}`; -1 if unclosed. */
function scanTag(text: string, at: number): number {
  const limit = Math.min(text.length, at + MAX_SYNTAX_CHARS);
  for (let i = at + 1; i < limit; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '{') {
      const end = scanBraces(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === '>') return i + 1;
  }
  return -1;
}
