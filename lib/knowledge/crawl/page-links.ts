import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** Parts of a page that are the site's, not the page's: their links are navigation, never followed. */
const CHROME =
  'nav, header, footer, aside, menu, [role=navigation], [role=banner], [role=contentinfo], [role=complementary], script, style, template, noscript';

export interface PageLinks {
  /** Absolute addresses of the links in the page's content, in document order, each once. */
  links: string[];
  /** The page's `<link rel=canonical>`, absolute, when it names one. */
  canonical?: string;
}

/**
 * The links a crawler follows from an HTML page: those in its main content, as the HTML parser
 * isolates it for ingestion (Readability, as Firefox's reader view), after the site's header,
 * navigation, sidebars and footer are taken out. A short page Readability finds no article in
 * gives the links of what is left of its body. `rel=nofollow` links are left out.
 */
export function pageLinks(html: string, address: string): PageLinks {
  const { document } = parseHTML(html);
  const given = document.querySelector('base[href]')?.getAttribute('href')?.trim() ?? '';
  const base = URL.canParse(given, address) ? new URL(given, address).href : address;
  const absolute = (href: string | null | undefined) =>
    href && URL.canParse(href.trim(), base) ? new URL(href.trim(), base).href : undefined;
  const canonical = absolute(document.querySelector('link[rel~=canonical][href]')?.getAttribute('href'));
  // Written whole before Readability runs: it resolves links against a document address linkedom lacks.
  for (const a of document.querySelectorAll('a[href]')) {
    const href = absolute(a.getAttribute('href'));
    if (href) a.setAttribute('href', href);
    else a.removeAttribute('href');
  }
  for (const element of document.querySelectorAll(CHROME)) element.remove();
  let anchors = [...document.querySelectorAll('a[href]')];
  try {
    // linkedom's document is DOM-compatible enough for Readability; the types differ.
    const article = new Readability(document.cloneNode(true) as unknown as Document, { charThreshold: 200 }).parse();
    if (article?.content && (article.textContent ?? '').trim().length >= 200)
      anchors = [
        ...parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.querySelectorAll(
          'a[href]',
        ),
      ];
  } catch {
    // Readability gave up: the page, without the site's chrome, is the content.
  }
  const links = new Set<string>();
  for (const a of anchors) {
    if (/\bnofollow\b/i.test(a.getAttribute('rel') ?? '')) continue;
    const href = a.getAttribute('href');
    if (href) links.add(href);
  }
  return { links: [...links], ...(canonical ? { canonical } : {}) };
}
