/**
 * Retrieved passages travel to the model as data, not prose: one JSON object per
 * line between two marker lines. JSON escaping keeps every passage on its own
 * line (a passage cannot forge a marker or a new entry), and `<`/`>` are escaped
 * too so no passage can open or close anything that looks like markup.
 */

export interface PromptSource {
  /** The citation number the answer uses: `[n]`. */
  n: number;
  title: string;
  text: string;
  /** How well search matched it, against the best passage found (0–1]; none for a passage not searched for. */
  relevance?: number;
  /** The number of the passage this one comes after in their source, when it was read as its continuation. */
  follows?: number;
  /** The number of the passage nearest before this one in their source, among those given: their order in it. */
  after?: number;
}

export const SOURCES_START = '<<<SOURCES';
export const SOURCES_END = 'SOURCES>>>';

function quote(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');
}

export function formatSourcesBlock(sources: PromptSource[]): string {
  const lines = sources.map((s) =>
    quote({
      n: s.n,
      title: s.title,
      text: s.text,
      ...(s.follows ? { follows: s.follows } : {}),
      ...(s.after ? { after: s.after } : {}),
    }),
  );
  return [SOURCES_START, ...lines, SOURCES_END].join('\n');
}
