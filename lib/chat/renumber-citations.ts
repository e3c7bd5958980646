/**
 * Rewrites the `[n]` markers of a streamed answer so citations are numbered by
 * first appearance – [1], [2], … with no gaps – whatever passage numbers the
 * model used. Clients can then read citation `n` as position `n` in the list of
 * `data-citation` parts. Markers may be split across deltas ("[1" then "2]"), so
 * a trailing partial marker is held back until the next delta. Numbers that were
 * never offered are left as they are and cite nothing.
 */
export class CitationRenumberer {
  private pending = '';
  /** Offered passage number → number shown, in order of first citation. */
  readonly order = new Map<number, number>();

  constructor(private readonly offered: ReadonlySet<number>) {}

  push(delta: string): string {
    let text = this.pending + delta;
    const partial = /\[\d{0,3}$/.exec(text);
    this.pending = partial ? text.slice(partial.index) : '';
    if (partial) text = text.slice(0, partial.index);
    return text.replace(/\[(\d{1,3})\]/g, (marker, digits: string) => {
      const n = Number(digits);
      if (!this.offered.has(n)) return marker;
      let shown = this.order.get(n);
      if (shown === undefined) {
        shown = this.order.size + 1;
        this.order.set(n, shown);
      }
      return `[${shown}]`;
    });
  }

  /** The held-back tail, at the end of a text part. */
  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }
}
