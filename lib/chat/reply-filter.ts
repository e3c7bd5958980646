import { LinkGuard } from './guard-links';
import type { NumberedPassage } from './number-passages';
import { CitationRenumberer } from './renumber-citations';
import { ImageStripper } from './strip-images';

/**
 * The model's text on its way to the reader, streamed: images removed, links whose address
 * is in neither the passages nor the question disarmed, and `[n]` markers renumbered by first
 * citation. Push each piece as it comes and flush at the end of the text; each stage may hold
 * back a tail until the next piece decides it.
 */
export class ReplyFilter {
  private readonly images = new ImageStripper();
  private readonly links: LinkGuard;
  private readonly renumber: CitationRenumberer;

  constructor({ question, passages }: { question: string; passages: NumberedPassage[] }) {
    this.links = new LinkGuard([question, ...passages.map((p) => p.source.text)].join('\n'));
    this.renumber = new CitationRenumberer(new Set(passages.map((p) => p.citation.n)));
  }

  push(text: string): string {
    return this.renumber.push(this.links.push(this.images.push(text)));
  }

  flush(): string {
    return this.renumber.push(this.links.push(this.images.flush()) + this.links.flush()) + this.renumber.flush();
  }

  /** Offered passage number → number shown, in order of first citation. */
  get order(): ReadonlyMap<number, number> {
    return this.renumber.order;
  }
}
