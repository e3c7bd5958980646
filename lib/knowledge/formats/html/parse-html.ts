import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ExtractionError, type ExtractedDocument } from '../extracted-document';
import { htmlToMarkdown } from './html-to-markdown';
import { resolvedHref } from '../markdown/markdown-link';

/**
 * Reduces a page to its main content (Readability, as Firefox's reader view) and
 * its title. Short pages where Readability finds no article keep their body.
 * A page without a `<title>` is titled by its first level-1 heading outside the
 * site's header and navigation, as a Markdown file is. `address` is where the page was fetched
 * from: its relative links are resolved against it (see resolveLinks).
 */
export function parseHtml(html: string, { address }: { address?: string } = {}): ExtractedDocument {
  const document = withBody(parseHTML(html).document);
  resolveLinks(document, address);
  // Readability turns two `<br>`s in a row into a paragraph, even inside a `<pre>`, whose lines
  // then ran together (`name = 'My App';// fake appdebug(…)`): Word's code blocks, as mammoth
  // writes them, and old pages break a block's lines so. Inside a `<pre>` a break is a newline.
  for (const br of document.querySelectorAll('pre br')) br.replaceWith(document.createTextNode('\n'));
  const title =
    words(document.querySelector('title')) ||
    words([...document.querySelectorAll('h1')].find((h) => !h.closest('header, nav'))) ||
    undefined;
  let text = '';
  try {
    // Readability makes every h1 an h2, and a page's sections then sit on the level of their
    // subsections: the h1s are marked, and are h1s again after.
    const copy = document.cloneNode(true) as LinkedDocument;
    for (const h1 of copy.querySelectorAll('h1')) h1.classList.add(LEVEL_ONE);
    // linkedom's document is DOM-compatible enough for Readability; the types differ.
    // Class names are kept: a code block's names its language.
    const article = new Readability(copy as unknown as Document, { charThreshold: 200, keepClasses: true }).parse();
    if (article?.content) {
      const { document: articleDoc } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
      for (const heading of articleDoc.querySelectorAll(`.${LEVEL_ONE}`)) {
        const h1 = articleDoc.createElement('h1');
        h1.append(...heading.childNodes);
        heading.replaceWith(h1);
      }
      text = htmlToMarkdown(articleDoc.body as never);
    }
  } catch {
    text = '';
  }
  if (text.trim().length < 200 && document.body) text = htmlToMarkdown(document.body as never);
  if (!text.trim()) throw new ExtractionError('The HTML page has no readable text.');
  return { title, text };
}

/**
 * Writes each link's address whole, resolved against the page's `<base>` and its own address, so
 * that a passage keeps where its link goes (html-to-markdown writes a link only to a whole web
 * address). A link within the page becomes `#fragment`, as a reader view expects it; a relative
 * link in a page with no address (a file uploaded) stays relative: both keep only their words.
 */
function resolveLinks(document: LinkedDocument, address: string | undefined): void {
  const page = address && URL.canParse(address) ? new URL(address) : undefined;
  const given = document.querySelector('base[href]')?.getAttribute('href')?.trim() ?? '';
  const base = URL.canParse(given, page?.href) ? new URL(given, page?.href) : page;
  if (!base) return;
  for (const a of document.querySelectorAll('a[href]')) {
    const href = resolvedHref(a.getAttribute('href')!, base, page);
    if (href) a.setAttribute('href', href);
  }
}

/** The class that marks a page's own h1s while Readability reads it. */
const LEVEL_ONE = 'groundwork-h1';

const words = (element: { textContent: string | null } | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim();

type LinkedDocument = ReturnType<typeof parseHTML>['document'];
type LinkedNode = { nodeName: string; outerHTML?: string; textContent: string | null };
const HEAD_ONLY = new Set([
  '#document-type',
  '#comment',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
  'BASE',
  'STYLE',
  'SCRIPT',
  'NOSCRIPT',
  'TEMPLATE',
]);
const escapeText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * linkedom keeps the markup's own tree, where a browser's HTML parser would add the tags a
 * page may leave out: `<html><title>…<body>` (no <head>) or a bare `<title>…<p>…` has no
 * document.body holding the page's text. Such a page is rebuilt with one (its title stays:
 * it is read from anywhere in the page).
 */
function withBody(document: LinkedDocument): LinkedDocument {
  // Children are read, never document.body: on such a tree linkedom's getter makes up an empty body.
  const root = document.documentElement as unknown as (LinkedNode & { childNodes: Iterable<LinkedNode> }) | null;
  const html = root?.nodeName === 'HTML' ? root : null;
  const nodes = [...(html ? html.childNodes : (document.childNodes as unknown as Iterable<LinkedNode>))];
  const body = nodes.find((n) => n.nodeName === 'BODY') as (LinkedNode & { innerHTML: string }) | undefined;
  if (html && body && nodes.some((n) => n.nodeName === 'HEAD')) return document;
  const content = body
    ? body.innerHTML
    : nodes
        .filter((n) => !HEAD_ONLY.has(n.nodeName))
        .map((n) => n.outerHTML ?? escapeText(n.textContent ?? ''))
        .join('');
  const { document: rebuilt } = parseHTML(`<!doctype html><html><head></head><body>${content}</body></html>`);
  const title = document.querySelector('title');
  if (title) rebuilt.head.appendChild(rebuilt.importNode(title, true));
  return rebuilt;
}
