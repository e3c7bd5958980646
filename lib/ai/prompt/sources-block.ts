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

/** Reads the passages back out of a system prompt (the local model's input). */
export function parseSourcesBlock(prompt: string): PromptSource[] {
  const lines = prompt.split('\n');
  const start = lines.indexOf(SOURCES_START);
  if (start < 0) return [];
  const sources: PromptSource[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === SOURCES_END) break;
    try {
      const value = JSON.parse(line) as Partial<PromptSource>;
      if (typeof value.n === 'number' && typeof value.text === 'string') {
        const follows = typeof value.follows === 'number' ? { follows: value.follows } : {};
        const after = typeof value.after === 'number' ? { after: value.after } : {};
        sources.push({ n: value.n, title: String(value.title ?? ''), text: value.text, ...follows, ...after });
      }
    } catch {
      // Not a passage line: ignore rather than guess.
    }
  }
  return sources;
}
