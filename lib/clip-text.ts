/** The text cut to at most `max` UTF-16 units, never inside a character (an emoji's surrogate pair). */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A file name cut to at most `max` UTF-16 units, keeping its extension (which says its type). */
export function clipFileName(name: string, max: number): string {
  if (name.length <= max) return name;
  const extension = /\.[\p{L}\p{N}_-]{1,16}$/u.exec(name)?.[0] ?? '';
  return clipText(name.slice(0, name.length - extension.length), max - extension.length) + extension;
}

/** The text on one line, cut at a word (or between characters, if the word is long) to at most `max` with "…". */
export function clipAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = clipText(flat, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
