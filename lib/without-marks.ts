/** Markdown's inline marks gone, the words kept: `**bold**`, `_emphasis_` and code backticks, not a snake_case name's underscores. */
export function withoutMarks(text: string): string {
  return text.replace(/[*`]+/g, '').replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1');
}
