/**
 * Markdown's backslash escapes: `\*` is an asterisk that stands for itself, never a mark. While
 * marks are read, each escaped character is hidden as a private-use character of its own
 * (U+E021–U+E07E for `!`–`~`), which no rule below matches.
 */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const HIDDEN = /[\uE021-\uE07E]/g;

/** `text` with its escaped characters hidden from the rules `read` applies, then written back escaped (or, `escape = ''`, bare). */
export function besideEscapes(text: string, read: (text: string) => string, escape = '\\'): string {
  const hidden = text.replace(ESCAPE, (_, c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
  return read(hidden).replace(HIDDEN, (c) => escape + String.fromCharCode(c.charCodeAt(0) - 0xe000));
}

/**
 * Markdown's inline marks gone, the words kept: `**bold**`, `_emphasis_` and code backticks, not a
 * snake_case name's underscores, nor an escaped `\*` (which stays escaped: the text is still Markdown).
 */
export function withoutMarks(text: string): string {
  return besideEscapes(text, (t) =>
    t.replace(/[*`]+/g, '').replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1'),
  );
}

/** Markdown's backslash escapes read as the characters they stand for: `2\*3` → `2*3`. */
export function unescapeMarkdown(text: string): string {
  return text.replace(ESCAPE, '$1');
}
